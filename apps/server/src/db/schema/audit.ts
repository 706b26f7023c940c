import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { users } from './users';

/** Who did what, as whom, and how it ended. Rows are only ever added. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: instant('at').notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    realUserId: integer('real_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    result: text('result', { enum: ['SUCCESS', 'FAILURE'] }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc().nullsFirst()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    // Refusals are counted per real caller over the last hour (enumeration limits).
    index('audit_log_caller_idx').on(t.realUserId, t.result, t.at),
  ],
);
