import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// AES-256-GCM: a 12-byte nonce per seal, a 16-byte tag that fails the open of anything altered.
const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/**
 * The key that seals secrets kept for outside systems (a provider's access token, a webhook
 * secret), derived from the server's secret for that one purpose, so it is never the key that
 * signs sessions.
 */
export function sealingKeyOf(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'smt', 'sealed secrets v1', 32));
}

/**
 * Encrypts a secret for the database. `context` (such as the owning agency) is bound to it:
 * a sealed value copied to another row does not open there.
 */
export function sealSecret(key: Buffer, plain: string, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The secret back, or null when the value was altered, sealed for another context or key. */
export function openSecret(key: Buffer, sealed: string, context: string): string | null {
  const [version, packed] = sealed.split('.');
  if (version !== VERSION || packed === undefined) return null;
  const bytes = Buffer.from(packed, 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, NONCE_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    const body = bytes.subarray(NONCE_BYTES + TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
