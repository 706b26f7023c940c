import type { ServerRole } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { agencies, agents, branches } from './organisation';

/**
 * A person who signs in. Where they sit in the organisation (agency, branch, agent) and their
 * roles decide their data scope; `multiAgentAccess` widens an agent to their branch's agents.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /**
     * When the e-mail was proved by its sign-in link, or vouched for by the organisation that
     * made the user (docs/decisions/024). Until then it is a claim: it blocks no one and no
     * e-mail goes to it. The phone needs no such mark: it is proved by the SMS code that
     * registers a user, or vouched for likewise.
     */
    emailConfirmedAt: instant('email_confirmed_at'),
    phone: text('phone').notNull(),
    roles: text('roles')
      .array()
      .$type<ServerRole[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    betaFeatures: text('beta_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    multiAgentAccess: boolean('multi_agent_access').notNull().default(false),
    agencyId: integer('agency_id').references(() => agencies.id),
    branchId: integer('branch_id').references(() => branches.id),
    agentId: integer('agent_id').references(() => agents.id),
    enabled: boolean('enabled').notNull().default(true),
    activated: boolean('activated').notNull().default(true),
    keepLoggedIn: boolean('keep_logged_in').notNull().default(false),
    lastSignInAt: instant('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Only a proved e-mail is one person's; unproved claims may repeat and never block it.
    uniqueIndex('users_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailConfirmedAt} is not null`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_key').on(t.phone),
    index('users_agency_idx').on(t.agencyId),
    index('users_branch_idx').on(t.branchId),
    index('users_agent_idx').on(t.agentId),
  ],
);
