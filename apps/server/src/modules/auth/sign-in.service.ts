import { randomInt } from 'node:crypto';
import { APP_BASE_PATH, errorMessages, ROUTES, signInMessages } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { publicUrlOf, type Env } from '@/config/env';
import type { Db } from '@/db/client';
import type { Messenger } from '@/delivery/messenger';
import type { Clock } from '@/lib/clock';
import { hashSecret, randomToken, safeEqual } from '@/lib/secrets';
import {
  confirmEmail,
  findUserByConfirmedEmail,
  findUserByPhone,
  insertNewRegisteredUser,
  recordSignIn,
  type UserRow,
} from '@/modules/users';
import { fail } from './auth.errors';
import {
  consumeSignInRequest,
  countSendsSince,
  findEmailRequestBySecret,
  findLatestSmsRequest,
  insertSignInRequest,
  recordWrongCode,
} from './sign-in.repository';

export const SECRET_LIFETIME_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_AFTER_SECONDS = 60;
export const SENDS_PER_HOUR = 10;
/** E-mails one phone is sent SMS codes with in an hour; past them only its owner's goes out. */
export const EMAILS_PER_PHONE_PER_HOUR = 3;

export type Recipient = { email: string; phone: string; ip: string };
export type SendResult = { sent: true; resendAfterSeconds: number };

const codeError = (
  reason: 'auth.code-not-pending' | 'auth.code-expired' | 'auth.code-wrong',
  message: string,
) => fail(reason, message, { code: message });

// Compared as the unique index compares them: without case.
const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  const words = local.split(/[._-]+/).filter(Boolean);
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  return name || email;
}

export function createSignInService(deps: {
  env: Env;
  db: Db;
  clock: Clock;
  secret: string;
  messenger: Messenger;
}) {
  const { env, db, clock, messenger } = deps;
  const secretHash = (value: string) => hashSecret(`sign-in:${deps.secret}`, value);
  // A code is hashed with the pair it was sent to, so it proves nothing for another pair.
  const codeHash = (phone: string, email: string, code: string) =>
    secretHash(`${phone}|${email}|${code}`);

  /** The owner's own pair: a user holds this phone with this e-mail, proved or claimed. */
  async function isOwnersPair(tx: Db, recipient: Recipient): Promise<boolean> {
    const user = await findUserByPhone(tx, recipient.phone);
    return user !== null && sameEmail(user.email, recipient.email);
  }

  /**
   * Records a send under the limits of docs/decisions/052 and says whether it is withheld.
   * The address and the e-mail stop their sender with a 429. The phone counts only the SMS
   * that reached it, and its limit never refuses: past it, only the owner's own pair goes out
   * and any other send is withheld, answered as sent, so nobody can lock the owner out or
   * learn from the answer which e-mail is theirs. Locks on the phone and e-mail so parallel
   * sends queue up.
   */
  async function recordSend(
    channel: 'sms' | 'email',
    recipient: Recipient,
    hash: string,
    expiresAt: Date,
  ): Promise<{ withheld: boolean }> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      for (const key of [recipient.phone, recipient.email].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${key}`}))`);
      }
      const lastMinute = await countSendsSince(
        tx,
        recipient,
        new Date(now.getTime() - RESEND_AFTER_SECONDS * 1000),
      );
      // The phone has no minute of its own, only each pair: a stranger's send never makes the
      // owner wait. (The e-mail's minute holds its pairs as well.)
      if (lastMinute.email > 0 || (channel === 'sms' && lastMinute.pair > 0)) {
        throw fail(
          'auth.resend-too-soon',
          'A code was sent a moment ago. Please wait a minute before asking for another one.',
        );
      }
      const lastHour = await countSendsSince(tx, recipient, new Date(now.getTime() - 60 * 60_000));
      const pairHour = channel === 'sms' ? lastHour.pair : 0;
      if (Math.max(lastHour.email, lastHour.ip, pairHour) >= SENDS_PER_HOUR) {
        throw fail(
          'auth.too-many-sends',
          'Too many sign-in attempts. Please try again in an hour.',
        );
      }
      const newEmailForPhone = lastHour.pair === 0;
      const pastPhoneLimit =
        channel === 'sms' &&
        (lastHour.phone >= SENDS_PER_HOUR ||
          (newEmailForPhone && lastHour.phoneEmails >= EMAILS_PER_PHONE_PER_HOUR));
      const withheld = pastPhoneLimit && !(await isOwnersPair(tx, recipient));
      await insertSignInRequest(tx, {
        channel,
        email: recipient.email,
        phone: recipient.phone,
        ip: recipient.ip,
        // The hash of no code: nothing typed can match it.
        secretHash: withheld ? secretHash(`withheld:${randomToken(32)}`) : hash,
        withheld,
        expiresAt,
        createdAt: now,
      });
      return { withheld };
    });
  }

  /**
   * Holds the phone and the e-mail, in one order, for the rest of the transaction: two
   * sign-ins of one identifier decide in turn, so a claim is confirmed or a user made once.
   */
  async function lockIdentifiers(tx: Db, pair: { email: string; phone: string }) {
    for (const key of [`phone:${pair.phone}`, `email:${pair.email.toLowerCase()}`].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`identity:${key}`}))`);
    }
  }

  /** Refuses a user who may not use the app; they have proved an identifier of theirs. */
  function checkAccess(user: UserRow) {
    if (!user.enabled || !user.activated) {
      throw fail('auth.no-app-access', errorMessages.appAccessDenied);
    }
  }

  /**
   * The SMS code proved the phone; the e-mail is only typed. The phone's user signs in if the
   * e-mail is theirs (proved or claimed); a new phone registers with the e-mail as a claim,
   * whoever else has it, so the answer says nothing about the e-mail (docs/decisions/024).
   */
  async function userOfProvedPhone(pair: { email: string; phone: string }): Promise<UserRow> {
    return db.transaction(async (tx) => {
      await lockIdentifiers(tx, pair);
      const byPhone = await findUserByPhone(tx, pair.phone);
      if (byPhone && !sameEmail(byPhone.email, pair.email)) {
        throw fail('auth.phone-taken', signInMessages.phoneTaken);
      }
      const user =
        byPhone ??
        (await insertNewRegisteredUser(tx, {
          name: nameFromEmail(pair.email),
          email: pair.email,
          phone: pair.phone,
        }));
      checkAccess(user);
      await recordSignIn(tx, user.id, clock.now());
      return user;
    });
  }

  /**
   * The link proved the e-mail; the phone is only typed. The e-mail's owner signs in if the
   * phone is theirs; otherwise the phone's user who claims this e-mail has it confirmed.
   * Nobody is made here: the phone would be unproved. Every other case answers alike,
   * whether or not the phone is anyone's (docs/decisions/024).
   */
  async function userOfProvedEmail(pair: { email: string; phone: string }): Promise<UserRow> {
    return db.transaction(async (tx) => {
      await lockIdentifiers(tx, pair);
      const owner = await findUserByConfirmedEmail(tx, pair.email);
      if (owner && owner.phone !== pair.phone) {
        throw fail('auth.email-taken', signInMessages.emailTaken);
      }
      let user = owner;
      if (!user) {
        const byPhone = await findUserByPhone(tx, pair.phone);
        if (!byPhone || !sameEmail(byPhone.email, pair.email)) {
          throw fail('auth.register-by-sms-first', signInMessages.registerBySmsFirst);
        }
        user = byPhone;
      }
      // Checked before confirming: a refused user's claim stays as it was.
      checkAccess(user);
      const now = clock.now();
      if (!user.emailConfirmedAt) await confirmEmail(tx, user.id, now);
      await recordSignIn(tx, user.id, now);
      return user;
    });
  }

  const expiry = () => new Date(clock.now().getTime() + SECRET_LIFETIME_MINUTES * 60_000);
  const sent: SendResult = { sent: true, resendAfterSeconds: RESEND_AFTER_SECONDS };

  return {
    // The answer is the same whether or not anyone has this phone and e-mail.
    async sendCode(recipient: Recipient): Promise<SendResult> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const { withheld } = await recordSend(
        'sms',
        recipient,
        codeHash(recipient.phone, recipient.email, code),
        expiry(),
      );
      // The same answer as a send that went out (docs/decisions/052).
      if (withheld) return sent;
      await messenger.sendSms({
        to: recipient.phone,
        text: `Your SMT sign-in code is ${code}. It is valid for ${SECRET_LIFETIME_MINUTES} minutes.`,
        code,
      });
      return sent;
    },

    async sendLink(recipient: Recipient): Promise<SendResult> {
      const token = randomToken(32);
      await recordSend('email', recipient, secretHash(token), expiry());
      const link = `${publicUrlOf(env)}${APP_BASE_PATH}${ROUTES.login.path}?oobCode=${token}`;
      await messenger.sendEmail({
        to: recipient.email,
        subject: 'Sign in to SMT',
        text:
          `Open this link to sign in to SMT:\n\n${link}\n\n` +
          `It works once and for ${SECRET_LIFETIME_MINUTES} minutes. ` +
          'If you did not ask to sign in, ignore this e-mail.',
        link,
      });
      return sent;
    },

    async verifyCode(input: { email: string; phone: string; code: string }): Promise<UserRow> {
      const now = clock.now();
      const request = await findLatestSmsRequest(db, input);
      if (!request || request.consumedAt) {
        throw codeError('auth.code-not-pending', errorMessages.smsConfirmFailed);
      }
      if (request.expiresAt <= now) {
        throw codeError('auth.code-expired', errorMessages.smsCodeExpired);
      }
      if (
        request.withheld ||
        !safeEqual(request.secretHash, codeHash(input.phone, input.email, input.code))
      ) {
        await recordWrongCode(db, request.id, MAX_CODE_ATTEMPTS, now);
        throw codeError('auth.code-wrong', errorMessages.smsCodeInvalid);
      }
      if (!(await consumeSignInRequest(db, request.id, now))) {
        throw codeError('auth.code-not-pending', errorMessages.smsConfirmFailed);
      }
      return userOfProvedPhone(input);
    },

    async verifyLink(input: { email: string; oobCode: string }): Promise<UserRow> {
      const now = clock.now();
      const request = await findEmailRequestBySecret(db, secretHash(input.oobCode));
      if (!request || request.consumedAt || request.expiresAt <= now) {
        throw fail('auth.link-expired', errorMessages.loginLinkExpired);
      }
      if (request.email !== input.email) {
        throw fail(
          'auth.link-other-email',
          'This sign-in link was sent to another e-mail address.',
          {
            email: 'This sign-in link was sent to another e-mail address.',
          },
        );
      }
      if (!(await consumeSignInRequest(db, request.id, now))) {
        throw fail('auth.link-expired', errorMessages.loginLinkExpired);
      }
      return userOfProvedEmail(request);
    },
  };
}
