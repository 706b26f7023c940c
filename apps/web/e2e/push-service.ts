import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A web push service on loopback, standing where FCM or Mozilla's service would: it takes the
// application server's encrypted, VAPID-signed POSTs and, holding the browser's keys, reads
// them. Not a test file itself.

export type BrowserKeys = { p256dh: string; auth: string };

export type ReceivedPush = {
  path: string;
  /** The VAPID public key the request was signed with (base64url). */
  vapidKey: string;
  /** The VAPID token's audience: the push service's origin. */
  audience: string;
  payload: unknown;
};

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** Checks the `vapid t=<JWT>, k=<key>` header (RFC 8292): an ES256 token signed by `k`. */
function verifyVapid(header: string | undefined): { vapidKey: string; audience: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token = '', vapidKey = ''] = match;
  const [head = '', claims = '', signature = ''] = token.split('.');
  const raw = Buffer.from(vapidKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not hold');
  const { aud } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string };
  return { vapidKey, audience: aud };
}

/** Message encryption for web push (RFC 8291, aes128gcm content coding of RFC 8188). */
function decrypt(body: Buffer, receiver: ReturnType<typeof createECDH>, authSecret: Buffer) {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    receiver.getPublicKey(),
    senderKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2 and any zero padding.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8')) as unknown;
}

export async function startPushService() {
  const receiver = createECDH('prime256v1');
  receiver.generateKeys();
  const authSecret = randomBytes(16);
  const keys: BrowserKeys = { p256dh: b64(receiver.getPublicKey()), auth: b64(authSecret) };
  const received: ReceivedPush[] = [];
  const failures: string[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error(`content encoding ${request.headers['content-encoding']}`);
        }
        const vapid = verifyVapid(request.headers.authorization);
        const payload = decrypt(Buffer.concat(chunks), receiver, authSecret);
        received.push({ path: request.url ?? '', ...vapid, payload });
        response.writeHead(201).end();
      } catch (error) {
        failures.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    endpoint: `${origin}/push/${randomBytes(8).toString('hex')}`,
    keys,
    received,
    failures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Headless Chromium subscribes through FCM, which this sandbox cannot reach and whose endpoint
 * is Google's, not ours. So the page's PushManager answers with a subscription to the loopback
 * push service, holding keys that service can decrypt with; everything else is the real thing:
 * the SPA's code asks for permission, registers its service worker and subscribes with the
 * server's VAPID key, the server sends what the engine raised, and the service worker shows it.
 */
export function usePushServiceOnLoopback(options: { endpoint: string; keys: BrowserKeys }) {
  const toBytes = (base64url: string) => {
    const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  };
  const toBase64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  let current: PushSubscription | null = null;
  const record = window as unknown as { subscribedWithKey?: string };

  PushManager.prototype.subscribe = async function subscribe(init?: PushSubscriptionOptionsInit) {
    const key = init?.applicationServerKey;
    if (!(key instanceof Uint8Array) || init?.userVisibleOnly !== true) {
      throw new DOMException('subscribe needs userVisibleOnly and a key', 'NotAllowedError');
    }
    record.subscribedWithKey = toBase64url(key);
    const json = { endpoint: options.endpoint, expirationTime: null, keys: options.keys };
    current = {
      endpoint: options.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key.buffer as ArrayBuffer },
      getKey: (name: PushEncryptionKeyName) =>
        toBytes(name === 'auth' ? options.keys.auth : options.keys.p256dh).buffer,
      toJSON: () => json,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    return current;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    return current;
  };
}
