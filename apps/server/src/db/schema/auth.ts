import { index, integer, pgTable, text, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { users } from './users';

/**
 * A signed-in browser. Access tokens are signed and name their session, so they need no row;
 * the refresh token is kept only as a hash, with the one it replaced for a short grace so two
 * tabs refreshing at once do not sign each other out. `impersonatedUserId` is the effective
 * user while an admin acts as someone else; `userId` stays the real one.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedUserId: integer('impersonated_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    previousRefreshTokenHash: text('previous_refresh_token_hash'),
    refreshRotatedAt: instant('refresh_rotated_at'),
    keepLoggedIn: boolean('keep_logged_in').notNull().default(false),
    lastActiveAt: instant('last_active_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_refresh_token_key').on(t.refreshTokenHash),
    index('sessions_previous_refresh_token_idx').on(t.previousRefreshTokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * Every refresh token a session has rotated away from, as a hash. One presented again after
 * its grace is a stolen copy or a stolen original (refresh-token reuse): the session ends.
 */
export const retiredRefreshTokens = pgTable(
  'retired_refresh_tokens',
  {
    hash: text('hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    retiredAt: instant('retired_at').notNull(),
  },
  (t) => [index('retired_refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * One sign-in attempt: an SMS code or an e-mail link, sent to a phone + e-mail pair. The code
 * or link token is kept only as a hash. Send limits count these rows. A `withheld` one was
 * answered as sent but never went out, since the phone's limit stopped it
 * (docs/decisions/052): it counts for the address and the e-mail, not for the phone, and its
 * hash is of no code at all.
 */
export const signInRequests = pgTable(
  'sign_in_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
    ip: text('ip'),
    withheld: boolean('withheld').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Not unique: two SMS codes may be alike; e-mail link tokens are 256 random bits.
    index('sign_in_requests_secret_idx').on(t.secretHash),
    index('sign_in_requests_phone_idx').on(t.phone, t.createdAt),
    index('sign_in_requests_email_idx').on(t.email, t.createdAt),
    index('sign_in_requests_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Captcha payloads already accepted, kept until their challenge expires, so none is replayed. */
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    signature: text('signature').primaryKey(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('used_captchas_expires_idx').on(t.expiresAt)],
);
