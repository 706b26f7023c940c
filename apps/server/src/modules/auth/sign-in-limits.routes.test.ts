import { errorMessages } from '@smt/shared';
import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRequests } from '@/db/schema';
import { DEMO, latestCode, latestLinkCode, TEST_KEY, type DemoPerson } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

// The send limits stop the sender, never the phone's owner (docs/decisions/052): the address
// and the e-mail answer 429; the phone counts only the SMS that reached it, and past its limit
// any pair but the owner's own is withheld, answered exactly as a send that went out.

const TOO_SOON =
  'A code was sent a moment ago. Please wait a minute before asking for another one.';
const TOO_MANY = 'Too many sign-in attempts. Please try again in an hour.';
const SENT = { sent: true, resendAfterSeconds: 60 };

const owner = DEMO.agent;
const stranger = (n: number, phone: string = owner.phone): DemoPerson => ({
  email: `stranger${n}@limits.test`,
  phone,
});
const otherPhone = (n: number) => `+9725300${String(n).padStart(5, '0')}`;

describe.each(TEST_DATABASE_KINDS)('sign-in send limits on %s', (kind) => {
  let t: TestApp;
  // Each test starts an hour after the last, so no window carries over.
  const nextHour = () => t.app.clock.advance(61 * 60_000);
  const aMinute = () => t.app.clock.advance(61_000);
  let addresses = 0;
  /** A client address no other send of this file used. */
  const newAddress = () => {
    addresses += 1;
    return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };

  const send = (channel: 'sms' | 'email', who: DemoPerson, remoteAddress: string = newAddress()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/${channel}/send`,
      payload: { ...who, captcha: TEST_KEY },
      remoteAddress,
    });
  const verifySms = (who: DemoPerson, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sms/verify',
      payload: { ...who, code },
      remoteAddress: newAddress(),
    });
  const smsInInbox = async (phone: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dev/inbox?to=${encodeURIComponent(phone)}`,
    });
    return res.json<{ channel: string }[]>().filter((m) => m.channel === 'sms').length;
  };
  /** Ten strangers ask for a code for the phone, each with an e-mail and address of their own. */
  const tenStrangers = async (phone: string, from: number) => {
    const answers = [];
    for (let i = 0; i < 10; i += 1) {
      answers.push(await send('sms', stranger(from + i, phone)));
      aMinute();
    }
    return answers;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('should let the owner sign in by SMS and by link after ten codes for their phone with ten e-mails from ten addresses', async () => {
    nextHour();
    for (let i = 0; i < 10; i += 1) {
      expect((await send('sms', stranger(i))).statusCode).toBe(200);
      // The last stranger sends the very minute the owner does.
      if (i < 9) aMinute();
    }
    const before = await smsInInbox(owner.phone);
    const sent = await send('sms', owner);
    expect(sent.statusCode).toBe(200);
    expect(await smsInInbox(owner.phone)).toBe(before + 1);
    const signedIn = await verifySms(owner, await latestCode(t.app, owner.phone));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().accessToken).toEqual(expect.any(String));

    aMinute();
    expect((await send('email', owner)).statusCode).toBe(200);
    const oobCode = await latestLinkCode(t.app, owner.email);
    const byLink = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email: owner.email, oobCode },
      remoteAddress: newAddress(),
    });
    expect(byLink.statusCode).toBe(200);
  });

  it('should answer a send the phone rule stops exactly as a sent one, but send no SMS and keep no code', async () => {
    nextHour();
    const start = t.app.clock.now();
    const inboxBefore = await smsInInbox(owner.phone);
    const answers = await tenStrangers(owner.phone, 100);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe(answers[0]?.headers['content-type']);
      expect(answer.json()).toEqual(SENT);
      expect(answer.body).toBe(answers[0]?.body);
    }
    // Three e-mails a phone an hour: the first three strangers' codes went out, no other.
    expect(await smsInInbox(owner.phone)).toBe(inboxBefore + 3);
    const rows = await t.database.db
      .select({ email: signInRequests.email, withheld: signInRequests.withheld })
      .from(signInRequests)
      .where(
        and(
          eq(signInRequests.phone, owner.phone),
          eq(signInRequests.withheld, true),
          gte(signInRequests.createdAt, start),
        ),
      );
    expect(rows.map((row) => row.email).sort()).toEqual(
      [103, 104, 105, 106, 107, 108, 109].map((n) => stranger(n).email).sort(),
    );

    // A code typed for a withheld send is answered as a wrong code for a sent one: the newest
    // SMS on the phone is the third stranger's, whose code is still fresh.
    const went = stranger(102);
    const held = stranger(109);
    const wentCode = await latestCode(t.app, owner.phone);
    const guess = wentCode === '000000' ? '111111' : '000000';
    const forSent = await verifySms(went, guess);
    const forHeld = await verifySms(held, guess);
    expect(forSent.json().message).toBe(errorMessages.smsCodeInvalid);
    expect(forHeld.statusCode).toBe(forSent.statusCode);
    expect(forHeld.body).toBe(forSent.body);
    // No code signs the withheld pair in, not even one that went out to the phone.
    expect((await verifySms(held, wentCode)).body).toBe(forSent.body);
  });

  it('should withhold any e-mail past ten SMS to the phone in an hour, but not the owner', async () => {
    nextHour();
    const inboxBefore = await smsInInbox(owner.phone);
    // Three strangers' e-mails take turns, each once a minute: ten SMS in four minutes.
    const threeEmails = [stranger(200), stranger(201), stranger(202)];
    for (let i = 0; i < 10; i += 1) {
      expect((await send('sms', threeEmails[i % 3] as DemoPerson)).statusCode).toBe(200);
      if (i % 3 === 2) aMinute();
    }
    aMinute();
    expect(await smsInInbox(owner.phone)).toBe(inboxBefore + 10);
    const eleventh = await send('sms', stranger(201));
    expect(eleventh.statusCode).toBe(200);
    expect(eleventh.json()).toEqual(SENT);
    expect(await smsInInbox(owner.phone)).toBe(inboxBefore + 10);

    expect((await send('sms', owner)).statusCode).toBe(200);
    expect(await smsInInbox(owner.phone)).toBe(inboxBefore + 11);
    const signedIn = await verifySms(owner, await latestCode(t.app, owner.phone));
    expect(signedIn.statusCode).toBe(200);
  });

  it('should count neither e-mail links nor withheld sends against the phone', async () => {
    nextHour();
    const phone = otherPhone(1);
    for (let i = 0; i < 10; i += 1) {
      expect((await send('email', stranger(300 + i, phone))).statusCode).toBe(200);
    }
    const inboxBefore = await smsInInbox(phone);
    for (let i = 0; i < 3; i += 1) {
      expect((await send('sms', stranger(310 + i, phone))).statusCode).toBe(200);
    }
    expect(await smsInInbox(phone)).toBe(inboxBefore + 3);

    // Seven withheld sends later the phone has had three SMS: a known e-mail's still goes out.
    await tenStrangers(owner.phone, 320);
    const ownerInbox = await smsInInbox(owner.phone);
    expect((await send('sms', stranger(320))).statusCode).toBe(200);
    expect(await smsInInbox(owner.phone)).toBe(ownerInbox + 1);
  });

  it('should answer 429 to the eleventh send from one address in an hour, withheld sends counted', async () => {
    nextHour();
    const address = newAddress();
    for (let i = 0; i < 10; i += 1) {
      expect((await send('sms', stranger(400 + i), address)).statusCode).toBe(200);
      aMinute();
    }
    const eleventh = await send('email', stranger(410, otherPhone(2)), address);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY });
    expect((await send('email', stranger(410, otherPhone(2)))).statusCode).toBe(200);
  });

  it('should hold one e-mail to one send a minute and ten an hour, whatever the phone and address', async () => {
    nextHour();
    const email = 'one.email@limits.test';
    for (let i = 0; i < 10; i += 1) {
      const phone = otherPhone(10 + i);
      expect((await send(i % 2 ? 'email' : 'sms', { email, phone })).statusCode).toBe(200);
      const again = await send('sms', { email, phone: otherPhone(30 + i) });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_SOON });
      aMinute();
    }
    for (const channel of ['sms', 'email'] as const) {
      const eleventh = await send(channel, { email, phone: otherPhone(20) });
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY });
    }
  });

  it("should count a withheld send against its e-mail's minute", async () => {
    nextHour();
    await tenStrangers(owner.phone, 500);
    const held = stranger(509);
    const rows = await t.database.db
      .select({ withheld: signInRequests.withheld })
      .from(signInRequests)
      .where(eq(signInRequests.email, held.email));
    expect(rows).toEqual([{ withheld: true }]);
    // tenStrangers stepped a minute after the last send: send it again, then once more at once.
    expect((await send('sms', held)).statusCode).toBe(200);
    const soon = await send('sms', { ...held, phone: otherPhone(40) });
    expect(soon.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_SOON });
  });

  it("should keep the owner's own pair to one send a minute and ten an hour past the phone's limit", async () => {
    nextHour();
    await tenStrangers(owner.phone, 600);
    const inboxBefore = await smsInInbox(owner.phone);
    for (let i = 0; i < 10; i += 1) {
      expect((await send('sms', owner)).statusCode).toBe(200);
      const again = await send('sms', owner);
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_SOON });
      aMinute();
    }
    expect(await smsInInbox(owner.phone)).toBe(inboxBefore + 10);
    const eleventh = await send('sms', owner);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY });
  });
});
