import { request } from 'node:http';
import { TEST_KEY } from '../apps/server/test/sign-in';

// Signing in to a listening server as CONTRACT.md says, over real HTTP: the SMS code is read
// from the dev inbox (APP_ENV=local), the session kept by its cookie, and a fresh access token
// taken from the cookie whenever a token may have run out.

export type Person = { email: string; phone: string };

export type HttpSession = {
  person: Person;
  /** The session cookie, as the last answer set it: refresh rotates it. */
  cookie: string;
  accessToken: string;
};

async function expectOk(res: Response, what: string): Promise<Response> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

function sessionCookieOf(res: Response): string {
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('smt_session='));
  if (!cookie) throw new Error('no session cookie in the answer');
  return cookie;
}

const json = (body: object) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

type Init = { method?: string; headers?: Record<string, string>; body?: string };

/**
 * fetch, or with `from` a request from that local address (any of 127.0.0.0/8 reaches a
 * server on 127.0.0.1), so that the server's limits of sign-ins per address let many people in.
 */
function send(url: string, init: Init = {}, from?: string): Promise<Response> {
  if (from === undefined) return fetch(url, init);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress: from },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const each of Array.isArray(value) ? value : [value ?? '']) {
              headers.append(name, each);
            }
          }
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers }));
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * Signs a person in by SMS with 'keep me logged in', so the session outlives the bench; `from`
 * is the local address to call from (see `send`).
 */
export async function signInOverHttp(
  base: string,
  person: Person,
  { from }: { from?: string } = {},
): Promise<HttpSession> {
  await expectOk(
    await send(`${base}/api/auth/sms/send`, json({ ...person, captcha: TEST_KEY }), from),
    `sms/send for ${person.email}`,
  );
  const inbox = await expectOk(
    await send(`${base}/api/dev/inbox?to=${encodeURIComponent(person.phone)}`, {}, from),
    'dev/inbox',
  );
  const code = ((await inbox.json()) as { code?: string }[]).find((m) => m.code)?.code;
  if (!code) throw new Error(`no code in the dev inbox of ${person.phone}`);
  const verified = await expectOk(
    await send(`${base}/api/auth/sms/verify`, json({ ...person, code, keepLoggedIn: true }), from),
    `sms/verify for ${person.email}`,
  );
  const { accessToken } = (await verified.json()) as { accessToken: string };
  return { person, cookie: sessionCookieOf(verified), accessToken };
}

/** A new access token from the session cookie (which rotates): good for the next minutes. */
export async function refreshed(base: string, session: HttpSession): Promise<HttpSession> {
  const res = await expectOk(
    await fetch(`${base}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: session.cookie },
    }),
    `refresh for ${session.person.email}`,
  );
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { ...session, cookie: sessionCookieOf(res), accessToken };
}

/** The three headers of every signed-in call. */
export const headersOf = (session: HttpSession): Record<string, string> => ({
  'SA-REGID': session.accessToken,
  'SA-DN': session.person.phone,
  'SA-EMAIL': session.person.email,
});

/**
 * Signs many people in, a few at a time, each from a loopback address of their own (127.0.x.y):
 * the server allows ten sign-in codes an hour per address. Answers the sessions in order.
 */
export async function signInMany(base: string, people: Person[]): Promise<HttpSession[]> {
  const sessions: HttpSession[] = [];
  let next = 0;
  const signer = async () => {
    for (let i = next++; i < people.length; i = next++) {
      const person = people[i];
      if (!person) continue;
      sessions[i] = await signInOverHttp(base, person, {
        from: `127.0.${1 + Math.floor(i / 250)}.${2 + (i % 250)}`,
      });
    }
  };
  await Promise.all(Array.from({ length: 4 }, signer));
  return sessions;
}
