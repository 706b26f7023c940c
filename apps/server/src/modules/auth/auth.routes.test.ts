import { solveChallenge } from 'altcha-lib/v1';
import { ApiErrorBody, errorMessages } from '@smt/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import {
  DEMO,
  latestCode,
  latestLinkCode,
  sendCode,
  signIn,
  someIp,
  TEST_KEY,
} from '../../../test/sign-in';

const SIGN_IN_CALLS = [
  '/api/validateUserDetails',
  '/api/auth/sms/send',
  '/api/auth/sms/verify',
  '/api/auth/email/send',
  '/api/auth/email/verify',
] as const;

async function solvedCaptcha(t: TestApp): Promise<string> {
  const challenge = (await t.app.inject({ method: 'GET', url: '/api/auth/captcha' })).json();
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
      took: solution.took,
    }),
  ).toString('base64');
}

describe.each(TEST_DATABASE_KINDS)('sign-in on %s', (kind) => {
  let t: TestApp;
  const post = (url: string, payload: unknown, ip = someIp()) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
  const step = (minutes: number) => t.app.clock.advance(minutes * 60_000);

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('should sign in by SMS and answer the user details when the code is right', async () => {
    const session = await signIn(t.app, DEMO.agent);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/getUserDetails',
      headers: session.headers,
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      name: 'Adam Agent',
      email: 'agent@demo.test',
      phone: '+972500000003',
      roles: ['AGENT'],
      serverRoles: ['ROLE_SA_AGENT_USER'],
      betaFeatures: [],
      multiAgent: false,
      impersonatingUser: null,
    });
    expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(t.app.clock.now().getTime());
  });

  it('should sign in by e-mail link and use the link only once', async () => {
    step(2);
    expect(
      (await post('/api/auth/email/send', { ...DEMO.agent2, captcha: TEST_KEY })).statusCode,
    ).toBe(200);
    const oobCode = await latestLinkCode(t.app, DEMO.agent2.email);
    const first = await post('/api/auth/email/verify', { email: DEMO.agent2.email, oobCode });
    expect(first.statusCode).toBe(200);
    expect(first.json().accessToken).toEqual(expect.any(String));
    const again = await post('/api/auth/email/verify', { email: DEMO.agent2.email, oobCode });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(errorMessages.loginLinkExpired);
  });

  it('should answer a wrong code with 400, naming the code field', async () => {
    step(2);
    await sendCode(t.app, DEMO.globeManager);
    const code = await latestCode(t.app, DEMO.globeManager.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post('/api/auth/sms/verify', { ...DEMO.globeManager, code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: errorMessages.smsCodeInvalid,
      fieldErrors: { code: errorMessages.smsCodeInvalid },
    });
  });

  it('should answer 429 when a second code is asked for within a minute with one e-mail', async () => {
    step(2);
    const person = { email: 'limits@example.test', phone: '+972501111111' };
    expect((await sendCode(t.app, person)).statusCode).toBe(200);
    const again = await sendCode(t.app, person);
    expect(again.statusCode).toBe(429);
    expect(ApiErrorBody.parse(again.json()).code).toBe('RATE_LIMITED');
  });

  it('should answer 429 after ten sends in an hour from one address', async () => {
    step(61);
    const ip = '192.0.2.7';
    for (let i = 0; i < 10; i++) {
      const res = await sendCode(
        t.app,
        { email: `ip${i}@example.test`, phone: `+97250300000${i}` },
        TEST_KEY,
        ip,
      );
      expect(res.statusCode).toBe(200);
    }
    const res = await sendCode(
      t.app,
      { email: 'ip10@example.test', phone: '+972503000010' },
      TEST_KEY,
      ip,
    );
    expect(res.statusCode).toBe(429);
  });

  it('should give the same answer whether or not the person has an account', async () => {
    step(2);
    const known = await sendCode(t.app, DEMO.agent);
    const unknown = await sendCode(t.app, { email: 'nobody@example.test', phone: '+972504444444' });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
  });

  it('should accept a solved captcha once and refuse it replayed', async () => {
    step(2);
    const captcha = await solvedCaptcha(t);
    const person = { email: 'captcha@example.test', phone: '+972505555555' };
    const check = await post('/api/validateUserDetails', {
      email: person.email,
      deviceNumber: person.phone,
      reCaptchaResponse: captcha,
    });
    expect(check.statusCode).toBe(200);
    expect((await sendCode(t.app, person, captcha)).statusCode).toBe(200);
    step(2);
    const replay = await post('/api/auth/email/send', { ...person, captcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/Captcha/);
    const checkAgain = await post('/api/validateUserDetails', {
      email: person.email,
      deviceNumber: person.phone,
      reCaptchaResponse: captcha,
    });
    expect(checkAgain.statusCode).toBe(400);
  });

  it('should refuse a forged captcha payload', async () => {
    const captcha = await solvedCaptcha(t);
    const decoded = JSON.parse(Buffer.from(captcha, 'base64').toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, number: decoded.number + 1 })).toString(
      'base64',
    );
    const res = await sendCode(
      t.app,
      { email: 'forged@example.test', phone: '+972506666666' },
      forged,
    );
    expect(res.statusCode).toBe(400);
  });

  it('should make a new registered user when the phone and e-mail are new', async () => {
    const person = { email: 'New.Person@Example.test', phone: '+972507777777' };
    const session = await signIn(t.app, person);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/getUserDetails',
      headers: { ...session.headers, 'SA-EMAIL': 'new.person@example.test' },
    });
    expect(me.json()).toMatchObject({
      email: 'new.person@example.test',
      roles: ['NEW_REGISTERED_USER'],
      serverRoles: ['ROLE_SA_NEW_REGISTERED_USER'],
    });
  });

  it('should answer 409 when the phone belongs to someone with another e-mail', async () => {
    step(2);
    const person = { email: 'impostor@example.test', phone: DEMO.agent.phone };
    await sendCode(t.app, person);
    const code = await latestCode(t.app, person.phone);
    const res = await post('/api/auth/sms/verify', { ...person, code });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
  });

  it('should set an httpOnly, SameSite cookie that lasts only with keep me logged in', async () => {
    step(2);
    await sendCode(t.app, DEMO.operator);
    const code = await latestCode(t.app, DEMO.operator.phone);
    const res = await post('/api/auth/sms/verify', {
      ...DEMO.operator,
      code,
      keepLoggedIn: 'true',
    });
    const cookie = res.headers['set-cookie'] as string;
    expect(cookie).toMatch(/^smt_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);

    const plain = await signIn(t.app, DEMO.operator);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { smt_session: plain.cookie },
    });
    expect(refreshed.headers['set-cookie']).not.toMatch(/Max-Age|Expires/);
  });

  it('should mark the cookie Secure when the request came over HTTPS', async () => {
    const behindProxy = await createTestApp(kind, { env: { TRUST_PROXY: 'true' } });
    try {
      behindProxy.app.clock.advance(0);
      const person = DEMO.manager;
      await behindProxy.app.inject({
        method: 'POST',
        url: '/api/auth/sms/send',
        payload: { ...person, captcha: TEST_KEY },
      });
      const code = await latestCode(behindProxy.app, person.phone);
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/auth/sms/verify',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { ...person, code },
      });
      expect(res.headers['set-cookie']).toMatch(/Secure/);
    } finally {
      await behindProxy.close();
    }
  });

  it('should rotate the refresh cookie and honour the replaced one only briefly', async () => {
    const session = await signIn(t.app, DEMO.manager);
    const refresh = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { smt_session: cookie } });
    const first = await refresh(session.cookie);
    expect(first.statusCode).toBe(200);
    const rotated = first.cookies.find((c) => c.name === 'smt_session')?.value;
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(session.cookie);
    const racing = await refresh(session.cookie);
    expect(racing.statusCode).toBe(200);
    expect(racing.cookies.find((c) => c.name === 'smt_session')).toBeUndefined();
    step(2);
    const next = await refresh(rotated ?? '');
    expect(next.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/getUserDetails',
      headers: { ...session.headers, 'SA-REGID': next.json().accessToken },
    });
    expect(me.statusCode).toBe(200);
    // Last: a replaced token used after the grace ends the session (refresh-reuse.routes.test.ts).
    expect((await refresh(session.cookie)).statusCode).toBe(401);
  });

  it('should answer 401 without a token, with a forged one, or with headers of someone else', async () => {
    const session = await signIn(t.app, DEMO.agent2);
    const call = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/getUserDetails', headers });
    expect((await call({})).statusCode).toBe(401);
    const [id, expiry] = session.accessToken.split('.');
    expect(
      (await call({ ...session.headers, 'SA-REGID': `${id}.${expiry}.forged` })).statusCode,
    ).toBe(401);
    expect(
      (await call({ ...session.headers, 'SA-REGID': `${id}.${Number(expiry) + 999}.x` }))
        .statusCode,
    ).toBe(401);
    expect((await call({ ...session.headers, 'SA-DN': DEMO.agent.phone })).statusCode).toBe(401);
    expect((await call({ ...session.headers, 'SA-EMAIL': DEMO.agent.email })).statusCode).toBe(401);
    expect((await call(session.headers)).statusCode).toBe(200);
  });

  it('should answer 401 on every signed-in call after logout, token expiry or inactivity', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const signedInCalls = Object.entries(
      docs.paths as Record<string, Record<string, { security?: unknown }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security)
        .map(([method]) => ({ method: method.toUpperCase() as 'GET' | 'POST', path })),
    );
    expect(signedInCalls).toContainEqual({ method: 'GET', path: '/api/getUserDetails' });
    const expectAll401 = async (headers: Record<string, string>) => {
      for (const { method, path } of signedInCalls) {
        const res = await t.app.inject({
          method,
          url: path,
          headers,
          payload: method === 'POST' ? {} : undefined,
        });
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        expect(ApiErrorBody.parse(res.json()).code).toBe('UNAUTHORIZED');
      }
    };

    const loggedOut = await signIn(t.app, DEMO.agent);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/logout', headers: loggedOut.headers }))
        .statusCode,
    ).toBe(200);
    await expectAll401(loggedOut.headers);
    const afterLogout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { smt_session: loggedOut.cookie },
    });
    expect(afterLogout.statusCode).toBe(401);

    const idle = await signIn(t.app, DEMO.agent2);
    const kept = await signIn(t.app, DEMO.globeAgent, { keepLoggedIn: true });
    const refresh = async (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { smt_session: cookie } });
    // Background calls and refreshes keep the token fresh but are not activity.
    step(8);
    const background = { ...idle.headers, 'X-SMT-Background': '1' };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/getUserDetails', headers: background }))
        .statusCode,
    ).toBe(200);
    step(8);
    let cookie = idle.cookie;
    let fresh = idle.headers;
    for (let i = 0; i < 2; i++) {
      const renewed = await refresh(cookie);
      expect(renewed.statusCode).toBe(200);
      cookie = renewed.cookies.find((c) => c.name === 'smt_session')?.value ?? cookie;
      fresh = { ...idle.headers, 'SA-REGID': renewed.json().accessToken };
      step(8);
    }
    // 33 minutes after the last activity, with an access token only 8 minutes old.
    await expectAll401(fresh);
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await refresh(kept.cookie)).statusCode).toBe(200);

    const expiring = await signIn(t.app, DEMO.superUser);
    step(11);
    await expectAll401(expiring.headers);
  });

  it('should answer 400 in the error shape, never 500, to any bad input of a sign-in call', async () => {
    const badBodies: unknown[] = [
      {},
      { email: 'x', phone: '1', captcha: TEST_KEY },
      { email: 'a@b.test', phone: '+972', captcha: TEST_KEY },
      { email: ['a@b.test'], phone: { n: 1 }, captcha: 5 },
      { email: 'a'.repeat(10_000), phone: '+972500000003', captcha: TEST_KEY, code: '12' },
      { email: 'a@b.test', phone: '+972500000003', code: 'abcdef', oobCode: '' },
      [],
      'just text',
      null,
    ];
    for (const url of SIGN_IN_CALLS) {
      for (const body of badBodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
          remoteAddress: someIp(),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
        expect(ApiErrorBody.parse(res.json()).code).toBe('BAD_REQUEST');
      }
    }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SIGN_IN_CALLS),
        fc.dictionary(
          fc.constantFrom(
            'email',
            'phone',
            'deviceNumber',
            'code',
            'oobCode',
            'captcha',
            'reCaptchaResponse',
            'keepLoggedIn',
          ),
          fc.oneof(
            fc.string(),
            fc.integer(),
            fc.boolean(),
            fc.constant(null),
            fc.array(fc.string()),
          ),
        ),
        async (url, body) => {
          const res = await t.app.inject({
            method: 'POST',
            url,
            payload: body,
            remoteAddress: someIp(),
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) ApiErrorBody.parse(res.json());
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe.each(TEST_DATABASE_KINDS)('sign-in in production on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { APP_ENV: 'production', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' },
    });
  });
  afterAll(() => t.close());

  it('should refuse the captcha test key', async () => {
    const res = await sendCode(t.app, DEMO.agent);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Captcha/);
  });

  it('should not have the dev inbox or the dev clock', async () => {
    const inbox = await t.app.inject({
      method: 'GET',
      url: `/api/dev/inbox?to=${encodeURIComponent(DEMO.agent.phone)}`,
    });
    expect(inbox.statusCode).toBe(404);
    expect(inbox.json().code).toBe('NOT_FOUND');
    const clock = await t.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { reset: true },
    });
    expect(clock.statusCode).toBe(404);
  });
});
