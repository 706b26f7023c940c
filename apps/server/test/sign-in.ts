import { randomInt } from 'node:crypto';
import type { App } from '@/app';

export type DemoPerson = { email: string; phone: string };

export const DEMO = {
  superUser: { email: 'super@demo.test', phone: '+972500000001' },
  manager: { email: 'manager@demo.test', phone: '+972500000002' },
  agent: { email: 'agent@demo.test', phone: '+972500000003' },
  agent2: { email: 'agent2@demo.test', phone: '+972500000004' },
  operator: { email: 'operator@demo.test', phone: '+972500000005' },
  branchManager: { email: 'branchmanager@demo.test', phone: '+972500000006' },
  globeManager: { email: 'globe.manager@demo.test', phone: '+972500000007' },
  globeAgent: { email: 'globe.agent@demo.test', phone: '+972500000008' },
} as const satisfies Record<string, DemoPerson>;

export const TEST_KEY = 'local-test-key';

/** A different client address per call, so per-address send limits stay out of the way. */
export const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export async function latestCode(app: App, phone: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/dev/inbox?to=${encodeURIComponent(phone)}`,
  });
  const code = res.json<{ code?: string }[]>().find((m) => m.code)?.code;
  if (!code) throw new Error(`no code in the dev inbox of ${phone}`);
  return code;
}

export async function latestLinkCode(app: App, email: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/dev/inbox?to=${encodeURIComponent(email)}`,
  });
  const link = res.json<{ link?: string }[]>().find((m) => m.link)?.link;
  if (!link) throw new Error(`no link in the dev inbox of ${email}`);
  const oobCode = new URL(link).searchParams.get('oobCode');
  if (!oobCode) throw new Error(`no oobCode in ${link}`);
  return oobCode;
}

export function sendCode(app: App, person: DemoPerson, captcha = TEST_KEY, ip = someIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sms/send',
    payload: { ...person, captcha },
    remoteAddress: ip,
  });
}

export type SignedIn = {
  accessToken: string;
  expiresAt: string;
  cookie: string;
  headers: Record<string, string>;
};

/** Signs a person in by SMS through the real calls; the clock steps past the resend limit. */
export async function signIn(
  app: App,
  person: DemoPerson,
  options: { keepLoggedIn?: boolean } = {},
): Promise<SignedIn> {
  app.clock.advance(61_000);
  const sent = await sendCode(app, person);
  if (sent.statusCode !== 200) throw new Error(`sms/send: ${sent.statusCode} ${sent.body}`);
  const code = await latestCode(app, person.phone);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sms/verify',
    payload: { ...person, code, keepLoggedIn: options.keepLoggedIn ?? false },
  });
  if (res.statusCode !== 200) throw new Error(`sms/verify: ${res.statusCode} ${res.body}`);
  const body = res.json<{ accessToken: string; expiresAt: string }>();
  const cookie = res.cookies.find((c) => c.name === 'smt_session');
  if (!cookie) throw new Error('no session cookie');
  return {
    ...body,
    cookie: cookie.value,
    headers: { 'SA-REGID': body.accessToken, 'SA-DN': person.phone, 'SA-EMAIL': person.email },
  };
}
