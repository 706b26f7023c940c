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

/** Signs a person in by SMS with 'keep me logged in', so the session outlives the bench. */
export async function signInOverHttp(base: string, person: Person): Promise<HttpSession> {
  await expectOk(
    await fetch(`${base}/api/auth/sms/send`, json({ ...person, captcha: TEST_KEY })),
    `sms/send for ${person.email}`,
  );
  const inbox = await expectOk(
    await fetch(`${base}/api/dev/inbox?to=${encodeURIComponent(person.phone)}`),
    'dev/inbox',
  );
  const code = ((await inbox.json()) as { code?: string }[]).find((m) => m.code)?.code;
  if (!code) throw new Error(`no code in the dev inbox of ${person.phone}`);
  const verified = await expectOk(
    await fetch(`${base}/api/auth/sms/verify`, json({ ...person, code, keepLoggedIn: true })),
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
