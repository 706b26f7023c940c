import { index, integer, pgTable, text, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { users } from './users';

/**
 * A signed-in browser. Tokens are kept only as hashes. `impersonatedUserId` is the effective
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
    accessTokenHash: text('access_token_hash').notNull(),
    accessExpiresAt: instant('access_expires_at').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    keepLoggedIn: boolean('keep_logged_in').notNull().default(false),
    lastActiveAt: instant('last_active_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_access_token_key').on(t.accessTokenHash),
    uniqueIndex('sessions_refresh_token_key').on(t.refreshTokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * One sign-in attempt: an SMS code or an e-mail link, sent to a phone + e-mail pair. The code
 * or link token is kept only as a hash. Send limits count these rows.
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sign_in_requests_secret_key').on(t.secretHash),
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
