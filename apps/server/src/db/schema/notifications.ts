import type {
  MoneyKind,
  NotificationData,
  NotificationGroup,
  NotificationStatus,
  NotificationSubtype,
  NotificationType,
  PriceQuote,
  QuoteSaving,
  TypeStatus,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import type { RepricePremise } from '@/monitoring/detectors/detector';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { bookings } from './bookings';
import { agencies, agents, branches } from './organisation';

export type NotificationPayload = {
  alerts: { text: string }[];
  remarks: string[];
  last_purchase_date: string | null;
  segment_classes: string[];
  /** The booking's segments the notification is about, so a later finding can replace it. */
  segment_ids?: string[];
};

/**
 * A finding of the engine about one booking (SPEC §3 Notification): header columns, the
 * payload, and the booking data as it stood when raised. Agency, branch and agent are copied
 * from the booking so that every scoped list reads one index.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    type: text('type').$type<NotificationType>().notNull(),
    group: text('group').$type<NotificationGroup>().notNull(),
    subtype: text('subtype').$type<NotificationSubtype>().notNull().default('Pending'),
    typeStatus: text('type_status').$type<TypeStatus>().notNull().default('Active'),
    /**
     * How far a pending schedule change nobody handled was chased: 0 not yet, 1 the agent
     * reminded, 2 the branch's managers told (docs/decisions/064).
     */
    escalation: integer('escalation').notNull().default(0),
    /**
     * When it was raised on the reservation system's clock, which the detectors run on (a
     * demo world's runs fast); null for notifications raised before it was kept.
     */
    gdsRaisedAt: instant('gds_raised_at'),
    status: text('status').$type<NotificationStatus>().notNull().default('NEW'),
    title: text('title').notNull(),
    titleMessage: text('title_message').notNull().default(''),
    readonly: boolean('readonly').notNull().default(false),
    contactName: text('contact_name'),
    pnrSummary: text('pnr_summary'),
    notificationTime: instant('notification_time').notNull(),
    // The booking's ticketing deadline when raised (payload.last_purchase_date as an instant),
    // a column so that a column of cards can be read in deadline order from an index.
    deadlineAt: instant('deadline_at'),
    payload: jsonb('payload').$type<NotificationPayload>().notNull(),
    data: jsonb('data').$type<NotificationData>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    potentialSaving: numeric('potential_saving', { precision: 12, scale: 2, mode: 'number' }),
    actualSaving: numeric('actual_saving', { precision: 12, scale: 2, mode: 'number' }),
    currency: text('currency'),
    /**
     * What kind of money the reprice's saving is (docs/decisions/067): 'cash' or 'credit'; null
     * for notifications that save nothing and reprices raised before it was kept (cash).
     */
    savingKind: text('saving_kind').$type<MoneyKind>(),
    completedAt: instant('completed_at'),
    /** What a deleted notification was, so that Undo puts it back as it was. */
    statusBeforeDelete: text('status_before_delete').$type<NotificationStatus>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A check that runs twice raises nothing twice.
    uniqueIndex('notifications_booking_dedupe_key').on(t.bookingId, t.dedupeKey),
    // The scoped lists: newest first within a group and subtype, deleted rows left out.
    index('notifications_agent_list_idx')
      .on(
        t.agentId,
        t.group,
        t.subtype,
        t.notificationTime.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.status} <> 'DEL'`),
    index('notifications_branch_list_idx')
      .on(
        t.branchId,
        t.group,
        t.subtype,
        t.notificationTime.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.status} <> 'DEL'`),
    index('notifications_agency_list_idx')
      .on(
        t.agencyId,
        t.group,
        t.subtype,
        t.notificationTime.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.status} <> 'DEL'`),
    // RECENT lists every group at once, newest first, at each scope level.
    index('notifications_agent_recent_idx')
      .on(t.agentId, t.subtype, t.notificationTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'DEL'`),
    index('notifications_branch_recent_idx')
      .on(t.branchId, t.subtype, t.notificationTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'DEL'`),
    index('notifications_agency_recent_idx')
      .on(t.agencyId, t.subtype, t.notificationTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'DEL'`),
    // A super user's lists span every agency.
    index('notifications_group_list_idx')
      .on(t.group, t.subtype, t.notificationTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'DEL'`),
    index('notifications_recent_idx')
      .on(t.subtype, t.notificationTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'DEL'`),
    // A group's column in deadline order (soonest first, none last), at each scope level.
    index('notifications_agent_deadline_idx')
      .on(t.agentId, t.group, t.subtype, t.deadlineAt.asc().nullsLast(), t.id.asc().nullsLast())
      .where(sql`${t.status} <> 'DEL'`),
    index('notifications_branch_deadline_idx')
      .on(t.branchId, t.group, t.subtype, t.deadlineAt.asc().nullsLast(), t.id.asc().nullsLast())
      .where(sql`${t.status} <> 'DEL'`),
    index('notifications_agency_deadline_idx')
      .on(t.agencyId, t.group, t.subtype, t.deadlineAt.asc().nullsLast(), t.id.asc().nullsLast())
      .where(sql`${t.status} <> 'DEL'`),
    index('notifications_group_deadline_idx')
      .on(t.group, t.subtype, t.deadlineAt.asc().nullsLast(), t.id.asc().nullsLast())
      .where(sql`${t.status} <> 'DEL'`),
    // Unread counters read only the few unread rows, at each scope level (a super user's
    // counters read any of these whole).
    index('notifications_unread_idx')
      .on(t.agentId, t.subtype, t.group)
      .where(sql`${t.status} in ('NEW', 'READY')`),
    index('notifications_branch_unread_idx')
      .on(t.branchId, t.subtype, t.group)
      .where(sql`${t.status} in ('NEW', 'READY')`),
    index('notifications_agency_unread_idx')
      .on(t.agencyId, t.subtype, t.group)
      .where(sql`${t.status} in ('NEW', 'READY')`),
    index('notifications_booking_idx').on(t.bookingId, t.notificationTime.desc().nullsFirst()),
  ],
);

/** A cheaper fare found for a Reprice notification (SPEC §3 Price quote). */
export const priceQuotes = pgTable(
  'price_quotes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    seqNum: integer('seq_num').notNull(),
    cmd: text('cmd').notNull(),
    currentPrice: numeric('current_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    newPrice: numeric('new_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    lastPurchase: text('last_purchase'),
    pax: jsonb('pax').$type<PriceQuote['pax']>().notNull(),
    segments: jsonb('segments').$type<PriceQuote['segments']>().notNull(),
    conditions: jsonb('conditions').$type<PriceQuote['conditions']>().notNull(),
    fareConds: jsonb('fare_conds').$type<PriceQuote['fare_conds']>().notNull(),
    newBaggageInfos: jsonb('new_baggage_infos').$type<PriceQuote['newBaggageInfos']>(),
    /** What repricing to it saves net (QuoteSaving, docs/decisions/037); none on older quotes. */
    saving: jsonb('saving').$type<QuoteSaving>(),
    /** The fare and offer compared, as the provider answered them (docs/decisions/060). */
    premise: jsonb('premise').$type<RepricePremise>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('price_quotes_notification_seq_key').on(t.notificationId, t.seqNum)],
);
