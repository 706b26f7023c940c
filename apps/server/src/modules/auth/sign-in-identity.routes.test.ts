import { errorMessages, signInMessages } from '@smt/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, deliveries, subscriptions, users } from '@/db/schema';
import { enqueueDeliveries } from '@/delivery/outbox';
import { makeNotification } from '@/delivery/testing/delivery-fixtures';
import {
  DEMO,
  latestCode,
  latestLinkCode,
  sendCode,
  someIp,
  TEST_KEY,
  type DemoPerson,
} from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

// An identifier is stored on a user only once it is proved, and an answer about one the caller
// has not proved is the same whether or not it is someone's (docs/decisions/024).

const person = (n: number, email = `person${n}@identity.test`): DemoPerson => ({
  email,
  phone: `+9725200${String(n).padStart(5, '0')}`,
});

describe.each(TEST_DATABASE_KINDS)('identifiers proved before stored on %s', (kind) => {
  let t: TestApp;
  const db = () => t.database.db;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: someIp() });
  // Past the one-send-a-minute limit of the phone and the e-mail.
  const step = () => t.app.clock.advance(61_000);

  /** Asks for an SMS code for the pair and enters it: the caller proves the phone. */
  const enterCode = async (who: DemoPerson) => {
    step();
    expect((await sendCode(t.app, who)).statusCode).toBe(200);
    const code = await latestCode(t.app, who.phone);
    return post('/api/auth/sms/verify', { ...who, code });
  };
  /** Asks for an e-mail link for the pair and opens it: the caller proves the e-mail. */
  const openLink = async (who: DemoPerson) => {
    step();
    expect((await post('/api/auth/email/send', { ...who, captcha: TEST_KEY })).statusCode).toBe(
      200,
    );
    const oobCode = await latestLinkCode(t.app, who.email);
    return post('/api/auth/email/verify', { email: who.email, oobCode });
  };
  const headersOf = (who: DemoPerson, res: { json: () => { accessToken: string } }) => ({
    'SA-REGID': res.json().accessToken,
    'SA-DN': who.phone,
    'SA-EMAIL': who.email,
  });
  // A successful answer carries a fresh token; its shape is what must not differ.
  const shapeOf = (res: Awaited<ReturnType<typeof post>>) => ({
    status: res.statusCode,
    keys: Object.keys(res.json()).sort(),
    cookies: res.cookies.map((cookie) => cookie.name),
  });
  const userWithPhone = async (phone: string) =>
    (await db().select().from(users).where(eq(users.phone, phone)))[0] ?? null;
  const usersWithEmail = (email: string) =>
    db()
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  /** Seats a user in branch TLV1 as its branch manager, as management would. */
  const seatInTlv1 = async (phone: string) => {
    const [branch] = await db().select().from(branches).where(eq(branches.pcc, 'TLV1'));
    if (!branch) throw new Error('no branch TLV1');
    await db()
      .update(users)
      .set({
        roles: ['ROLE_SA_BRANCH_MANAGER_USER'],
        agencyId: branch.agencyId,
        branchId: branch.id,
      })
      .where(eq(users.phone, phone));
  };
  /** The e-mail addresses a new notification of branch TLV1 is delivered to. */
  const emailRecipientsOfTlv1 = async () => {
    const notification = await makeNotification(db(), DEMO.agent.email, 'Reprice');
    await enqueueDeliveries(db(), notification);
    const rows = await db()
      .select({ recipient: deliveries.recipient })
      .from(deliveries)
      .where(and(eq(deliveries.notificationId, notification.id), eq(deliveries.channel, 'EMAIL')));
    return rows.map((row) => row.recipient);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [branch] = await db().select().from(branches).where(eq(branches.pcc, 'TLV1'));
    if (!branch) throw new Error('no branch TLV1');
    // Reprices of branch TLV1 go by e-mail to everyone of the branch who may see them.
    await db()
      .insert(subscriptions)
      .values({ process: 'RP', media: 'EMAIL', branchId: branch.id })
      .onConflictDoNothing();
  });
  afterAll(() => t.close());

  it('should store no phone, and let its owner register by SMS, when an e-mail link comes with a new pair', async () => {
    const attacker = person(101);
    const owner = { ...person(101), email: 'owner101@identity.test' };

    const link = await openLink(attacker);
    expect(link.statusCode).toBe(403);
    expect(link.json()).toEqual({
      code: 'FORBIDDEN',
      message: signInMessages.registerBySmsFirst,
      reason: 'auth.register-by-sms-first',
    });
    expect(await userWithPhone(attacker.phone)).toBeNull();
    expect(await usersWithEmail(attacker.email)).toEqual([]);

    const sms = await enterCode(owner);
    expect(sms.statusCode).toBe(200);
    expect(await userWithPhone(owner.phone)).toMatchObject({
      email: owner.email,
      emailConfirmedAt: null,
      roles: ['ROLE_SA_NEW_REGISTERED_USER'],
    });
  });

  it('should answer alike when an e-mail link names a registered or an unregistered phone', async () => {
    const email = 'attacker201@identity.test';
    const free = person(201, email);

    const registered = await openLink({ email, phone: DEMO.agent.phone });
    const unregistered = await openLink(free);

    expect(registered.statusCode).toBe(403);
    expect(unregistered.statusCode).toBe(registered.statusCode);
    expect(unregistered.body).toBe(registered.body);
    expect(await userWithPhone(free.phone)).toBeNull();
    expect(await usersWithEmail(email)).toEqual([]);
  });

  it('should answer alike, and hold the e-mail as a claim no e-mail goes to, when an SMS code comes with a registered or an unregistered e-mail', async () => {
    const claimsOwned = person(301, DEMO.globeAgent.email);
    const claimsFree = person(302, 'nobody302@identity.test');

    const owned = await enterCode(claimsOwned);
    const free = await enterCode(claimsFree);

    expect(owned.statusCode).toBe(200);
    expect(shapeOf(owned)).toEqual(shapeOf(free));
    expect(await userWithPhone(claimsOwned.phone)).toMatchObject({
      email: DEMO.globeAgent.email,
      emailConfirmedAt: null,
    });
    await seatInTlv1(claimsOwned.phone);
    await seatInTlv1(claimsFree.phone);
    const recipients = await emailRecipientsOfTlv1();
    expect(recipients).toContain(DEMO.agent.email);
    expect(recipients).not.toContain(DEMO.globeAgent.email);
    expect(recipients).not.toContain(claimsFree.email);

    const realOwner = await openLink(DEMO.globeAgent);
    expect(realOwner.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/getUserDetails',
      headers: headersOf(DEMO.globeAgent, realOwner),
    });
    expect(me.json()).toMatchObject({ name: 'Gal Globe', phone: DEMO.globeAgent.phone });
  });

  it('should confirm the e-mail and start its deliveries when an SMS-registered user opens an e-mail link', async () => {
    const newcomer = person(401);
    expect((await enterCode(newcomer)).statusCode).toBe(200);
    const registered = await userWithPhone(newcomer.phone);
    await seatInTlv1(newcomer.phone);
    expect(await emailRecipientsOfTlv1()).not.toContain(newcomer.email);

    const link = await openLink(newcomer);

    expect(link.statusCode).toBe(200);
    const confirmed = await userWithPhone(newcomer.phone);
    expect(confirmed?.id).toBe(registered?.id);
    expect(confirmed?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await usersWithEmail(newcomer.email)).toHaveLength(1);
    expect(await emailRecipientsOfTlv1()).toContain(newcomer.email);
  });

  it('should leave a claim unconfirmed when a link for its e-mail names another phone', async () => {
    const claimant = person(501);
    expect((await enterCode(claimant)).statusCode).toBe(200);

    const link = await openLink({ ...person(502), email: claimant.email });

    expect(link.statusCode).toBe(403);
    expect(link.json().message).toBe(signInMessages.registerBySmsFirst);
    expect(await userWithPhone(person(502).phone)).toBeNull();
    expect((await userWithPhone(claimant.phone))?.emailConfirmedAt).toBeNull();
  });

  it('should let both sign in when two users claim one e-mail and one of them proves it', async () => {
    const email = 'shared601@identity.test';
    const first = person(601, email);
    const second = person(602, email);

    expect((await enterCode(first)).statusCode).toBe(200);
    expect((await enterCode(second)).statusCode).toBe(200);
    expect((await openLink(second)).statusCode).toBe(200);

    expect((await enterCode(first)).statusCode).toBe(200);
    expect((await userWithPhone(first.phone))?.emailConfirmedAt).toBeNull();
    expect((await userWithPhone(second.phone))?.emailConfirmedAt).toBeInstanceOf(Date);
  });

  it('should answer 409 when a proved e-mail is registered with another phone', async () => {
    const res = await openLink(person(701, DEMO.operator.email));

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: signInMessages.emailTaken,
      reason: 'auth.email-taken',
    });
    expect(await userWithPhone(person(701).phone)).toBeNull();
  });

  it('should answer 409 when a proved phone is registered with another e-mail', async () => {
    const res = await enterCode({ ...DEMO.agent2, email: 'other801@identity.test' });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: signInMessages.phoneTaken,
      reason: 'auth.phone-taken',
    });
    expect(await usersWithEmail('other801@identity.test')).toEqual([]);
  });

  it('should answer 403 and confirm nothing when a disabled user opens an e-mail link', async () => {
    const disabled = person(901);
    expect((await enterCode(disabled)).statusCode).toBe(200);
    await db().update(users).set({ enabled: false }).where(eq(users.phone, disabled.phone));

    const res = await openLink(disabled);

    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(errorMessages.appAccessDenied);
    expect((await userWithPhone(disabled.phone))?.emailConfirmedAt).toBeNull();
  });
});
