import { errorMessages } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { loadEnv } from '@/config/env';
import type { EmailMessage, Messenger, SmsMessage } from '@/delivery/messenger';
import { Clock } from '@/lib/clock';
import { refusalOf, useServiceDatabase } from '../../../test/service-database';
import { DEMO, someIp, type DemoPerson } from '../../../test/sign-in';
import { createSignInService } from './sign-in.service';

// The sign-in's rules on codes, links and sends, called as its routes call them with the
// address the request came from. The captcha, cookies, headers and the HTTP answers are
// auth.routes.test.ts's.

/** What the messenger was given to send, newest first, as the dev inbox shows it. */
type Sent = { to: string; code?: string | undefined; link?: string | undefined };

describe(createSignInService.name, () => {
  const database = useServiceDatabase();
  let clock: Clock;
  let outbox: Sent[];
  let sut: ReturnType<typeof createSignInService>;

  beforeEach(() => {
    clock = new Clock();
    outbox = [];
    const messenger: Messenger = {
      sendSms: async (message: SmsMessage) => {
        outbox.unshift({ to: message.to, code: message.code });
      },
      sendEmail: async (message: EmailMessage) => {
        outbox.unshift({ to: message.to, link: message.link });
      },
      close: () => undefined,
    };
    sut = createSignInService({
      env: loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' }),
      db: database.db,
      clock,
      secret: 'the service test secret',
      messenger,
    });
  });

  const step = (minutes: number) => clock.advance(minutes * 60_000);
  const sendCode = (person: DemoPerson, ip = someIp()) => sut.sendCode({ ...person, ip });
  const latestCode = (phone: string) => {
    const code = outbox.find((message) => message.to === phone && message.code)?.code;
    if (!code) throw new Error(`no code sent to ${phone}`);
    return code;
  };
  const latestLinkCode = (email: string) => {
    const link = outbox.find((message) => message.to === email && message.link)?.link;
    const oobCode = link && new URL(link).searchParams.get('oobCode');
    if (!oobCode) throw new Error(`no link sent to ${email}`);
    return oobCode;
  };

  describe('verifyLink', () => {
    it('should sign in by e-mail link and use the link only once', async () => {
      await sut.sendLink({ ...DEMO.agent2, ip: someIp() });
      const oobCode = latestLinkCode(DEMO.agent2.email);
      expect(await sut.verifyLink({ email: DEMO.agent2.email, oobCode })).toMatchObject({
        email: DEMO.agent2.email,
      });
      expect(await refusalOf(sut.verifyLink({ email: DEMO.agent2.email, oobCode }))).toMatchObject({
        reason: 'auth.link-expired',
        message: errorMessages.loginLinkExpired,
      });
    });

    it('should refuse a link when it has expired', async () => {
      await sut.sendLink({ ...DEMO.operator, ip: someIp() });
      const oobCode = latestLinkCode(DEMO.operator.email);
      step(11);
      expect(
        await refusalOf(sut.verifyLink({ email: DEMO.operator.email, oobCode })),
      ).toMatchObject({
        code: 'BAD_REQUEST',
        message: errorMessages.loginLinkExpired,
      });
    });
  });

  describe('sendCode and sendLink', () => {
    it('should keep codes and link tokens only as hashes', async () => {
      await sendCode(DEMO.manager);
      const code = latestCode(DEMO.manager.phone);
      await sut.sendLink({ ...DEMO.superUser, ip: someIp() });
      const oobCode = latestLinkCode(DEMO.superUser.email);
      const rows = await queryRows<Record<string, unknown>>(
        database.db,
        sql`select * from sign_in_requests`,
      );
      const stored = JSON.stringify(rows);
      expect(rows.length).toBeGreaterThan(0);
      expect(stored).not.toContain(oobCode);
      for (const row of rows) expect(row.secret_hash).not.toBe(code);
      expect(rows.some((row) => String(row.secret_hash).includes(code))).toBe(false);
    });

    it('should refuse a second code within a minute with one e-mail, whatever the phone, but not another e-mail', async () => {
      const person = { email: 'limits@example.test', phone: '+972501111111' };
      await sendCode(person);
      const tooSoon = { reason: 'auth.resend-too-soon', code: 'RATE_LIMITED' };
      expect(await refusalOf(sendCode(person))).toMatchObject(tooSoon);
      expect(await refusalOf(sendCode({ ...person, phone: '+972501111112' }))).toMatchObject(
        tooSoon,
      );
      // The phone's minute is each pair's: another e-mail is not held up (docs/decisions/052).
      await sendCode({ ...person, email: 'other@example.test' });
      step(1.1);
      await sendCode(person);
    });

    it('should refuse the eleventh send in an hour with one e-mail', async () => {
      const person = { email: 'hourly@example.test', phone: '+972502222222' };
      for (let i = 0; i < 10; i++) {
        await sendCode(person);
        step(1.1);
      }
      const refused = await refusalOf(sendCode({ ...person, phone: '+972502222223' }));
      expect(refused).toMatchObject({ reason: 'auth.too-many-sends', code: 'RATE_LIMITED' });
      expect(refused.message).toMatch(/hour/);
    });

    it('should refuse the eleventh send in an hour from one address', async () => {
      const ip = '192.0.2.7';
      for (let i = 0; i < 10; i++)
        await sendCode({ email: `ip${i}@example.test`, phone: `+97250300000${i}` }, ip);
      expect(
        await refusalOf(sendCode({ email: 'ip10@example.test', phone: '+972503000010' }, ip)),
      ).toMatchObject({ reason: 'auth.too-many-sends', code: 'RATE_LIMITED' });
    });
  });

  describe('verifyCode', () => {
    it('should refuse a code that was already used', async () => {
      await sendCode(DEMO.globeAgent);
      const code = latestCode(DEMO.globeAgent.phone);
      await sut.verifyCode({ ...DEMO.globeAgent, code });
      expect(await refusalOf(sut.verifyCode({ ...DEMO.globeAgent, code }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: errorMessages.smsConfirmFailed,
      });
    });

    it('should void the code after five wrong tries, then refuse the right one', async () => {
      await sendCode(DEMO.globeManager);
      const code = latestCode(DEMO.globeManager.phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        expect(
          await refusalOf(sut.verifyCode({ ...DEMO.globeManager, code: wrong })),
        ).toMatchObject({
          code: 'BAD_REQUEST',
          message: errorMessages.smsCodeInvalid,
          fieldErrors: { code: errorMessages.smsCodeInvalid },
        });
      expect(await refusalOf(sut.verifyCode({ ...DEMO.globeManager, code }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: errorMessages.smsConfirmFailed,
      });
    });

    it('should refuse a code when it is older than ten minutes', async () => {
      await sendCode(DEMO.branchManager);
      const code = latestCode(DEMO.branchManager.phone);
      step(10.1);
      expect(await refusalOf(sut.verifyCode({ ...DEMO.branchManager, code }))).toMatchObject({
        message: errorMessages.smsCodeExpired,
      });
    });

    it('should make a new registered user when the phone and e-mail are new', async () => {
      const person = { email: 'New.Person@Example.test', phone: '+972507777777' };
      await sendCode(person);
      const user = await sut.verifyCode({ ...person, code: latestCode(person.phone) });
      // Compared as the unique index compares e-mails: without case.
      expect(user.email.toLowerCase()).toBe('new.person@example.test');
      expect(user.phone).toBe(person.phone);
      expect(user.roles).toEqual(['ROLE_SA_NEW_REGISTERED_USER']);
    });

    it('should refuse a phone that belongs to someone with another e-mail', async () => {
      const person = { email: 'impostor@example.test', phone: DEMO.agent.phone };
      await sendCode(person);
      expect(
        await refusalOf(sut.verifyCode({ ...person, code: latestCode(person.phone) })),
      ).toMatchObject({ reason: 'auth.phone-taken', code: 'CONFLICT' });
    });
  });
});
