import type { Media, Process, ProcessParams } from '@smt/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { agencies, agents, branches } from './organisation';

/**
 * How the engine runs one process for one branch; the row without a branch is the default
 * every branch without its own row follows.
 */
export const processSettings = pgTable(
  'process_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    branchId: integer('branch_id').references(() => branches.id),
    process: text('process').$type<Process>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    checkIntervalMinutes: integer('check_interval_minutes').notNull(),
    minSavingAmount: numeric('min_saving_amount', { precision: 12, scale: 2, mode: 'number' }),
    minSavingPercent: numeric('min_saving_percent', { precision: 5, scale: 2, mode: 'number' }),
    ticketingWindowHours: integer('ticketing_window_hours'),
    params: jsonb('params').$type<ProcessParams>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('process_settings_branch_process_key').on(
      sql`coalesce(${t.branchId}, 0)`,
      t.process,
    ),
  ],
);

/** Who gets a process's notifications by which medium: a whole branch, or one agent. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    process: text('process').$type<Process>().notNull(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    agentId: integer('agent_id').references(() => agents.id),
    media: text('media').$type<Media>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_target_key').on(
      t.process,
      t.branchId,
      sql`coalesce(${t.agentId}, 0)`,
      t.media,
    ),
    index('subscriptions_agent_idx').on(t.agentId),
  ],
);

/** Header and footer HTML of the public share page, per agency or (no agency) the default. */
export const designProperties = pgTable(
  'design_properties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id').references(() => agencies.id),
    headerHtml: text('header_html'),
    footerHtml: text('footer_html'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('design_properties_agency_key').on(sql`coalesce(${t.agencyId}, 0)`)],
);

/** Values the system makes once and keeps, such as the VAPID key pair. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
