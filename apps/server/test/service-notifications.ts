import {
  GROUP_OF_TYPE,
  type MoneyKind,
  type NotificationData,
  type NotificationStatus,
  type NotificationSubtype,
  type NotificationType,
} from '@smt/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agents, bookings, branches, notifications } from '@/db/schema';
import { aBooking, NOW } from '@/monitoring/detectors/testing/booking-builder';
import { notificationDataOf } from '@/monitoring/notification-data-of';

// Bookings and notifications of the demo organisation's agents, written straight to the service
// tests' database: what the engine would have raised, without the simulator and the engine the
// HTTP tests' world runs (notifications-world.ts) to make them.

/** The demo organisation's agents, by their initials. */
export type DemoAgent = 'MM' | 'AA' | 'BA' | 'BB' | 'GG' | 'GA';
export const DEMO_AGENTS: readonly DemoAgent[] = ['MM', 'AA', 'BA', 'BB', 'GG', 'GA'];

export type Place = { agencyId: number; branchId: number; agentId: number };
export type Booking = Place & { id: number; pnrNumber: string };

/** Where an agent sits: their agency, branch and agent identity. */
export async function placeOf(db: Db, initials: string): Promise<Place> {
  const [row] = await db
    .select({ agentId: agents.id, branchId: branches.id, agencyId: branches.agencyId })
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .where(eq(agents.initials, initials));
  if (!row) throw new Error(`no agent ${initials}`);
  return row;
}

// Locators and dedupe keys only need to differ within a test; the database is emptied between.
let made = 0;
const next = () => (made += 1);

/** A booking of the agent; its locator made up unless given. */
export async function aBookingOf(
  db: Db,
  initials: string,
  over: { pnrNumber?: string } = {},
): Promise<Booking> {
  const place = await placeOf(db, initials);
  const pnrNumber = over.pnrNumber ?? `SVC${String(next()).padStart(3, '0')}`;
  const [row] = await db
    .insert(bookings)
    .values({ ...place, gdsId: 'SIM', pnrNumber, pnrCreatedAt: NOW })
    .returning({ id: bookings.id });
  if (!row) throw new Error('no booking');
  return { ...place, id: row.id, pnrNumber };
}

export type NotificationSpec = {
  type: NotificationType;
  subtype?: NotificationSubtype;
  status?: NotificationStatus;
  time?: Date;
  title?: string;
  titleMessage?: string;
  contactName?: string | null;
  pnrSummary?: string | null;
  alerts?: { text: string }[];
  /** The booking as it stood; by default one flight of the booking's locator, no change. */
  data?: NotificationData;
  potentialSaving?: number;
  actualSaving?: number;
  currency?: string;
  savingKind?: MoneyKind;
};

/** The values of a notification row on the booking, as the engine writes one. */
export function notificationRowOf(booking: Booking, spec: NotificationSpec) {
  const { id, pnrNumber, ...place } = booking;
  return {
    ...place,
    bookingId: id,
    type: spec.type,
    group: GROUP_OF_TYPE[spec.type],
    subtype: spec.subtype ?? 'Pending',
    status: spec.status ?? 'NEW',
    title: spec.title ?? spec.type,
    titleMessage: spec.titleMessage ?? `${spec.type} on ${pnrNumber}.`,
    contactName: spec.contactName === undefined ? 'Dan Cohen' : spec.contactName,
    pnrSummary: spec.pnrSummary === undefined ? 'TLV-JFK LY315' : spec.pnrSummary,
    notificationTime: spec.time ?? NOW,
    payload: {
      alerts: spec.alerts ?? [],
      remarks: [],
      last_purchase_date: null,
      segment_classes: [],
    },
    data: spec.data ?? notificationDataOf(aBooking({ locator: pnrNumber }), NOW),
    dedupeKey: `svc-${next()}`,
    potentialSaving: spec.potentialSaving,
    actualSaving: spec.actualSaving,
    currency: spec.currency,
    savingKind: spec.savingKind,
  };
}

/** A notification on the booking; answers its id. */
export async function aNotificationOn(
  db: Db,
  booking: Booking,
  spec: NotificationSpec,
): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values(notificationRowOf(booking, spec))
    .returning({ id: notifications.id });
  if (!row) throw new Error('no notification');
  return row.id;
}

/** When the newest notification of `aNotificationSpread` was raised; no other is later. */
export const SPREAD_LATEST = new Date('2026-02-25T12:00:00.000Z');

const SPREAD_TYPES: readonly NotificationType[] = [
  'Reprice',
  'Churning',
  'SegmentRemoval',
  'DuplicateBooking',
  'TicketingDue',
  'Reschedule',
  'HoldsWaitlist',
];
type Variant = Pick<NotificationSpec, 'subtype' | 'status'>;
/** Pending unread, read and deleted, complete and failed: what every list and counter tells apart. */
const VARIANTS: readonly Variant[] = [
  { subtype: 'Pending', status: 'NEW' },
  { subtype: 'Pending', status: 'READY' },
  { subtype: 'Pending', status: 'READ' },
  { subtype: 'Complete', status: 'READ' },
  { subtype: 'Failed', status: 'NEW' },
  { subtype: 'Pending', status: 'DEL' },
];
type Money = Pick<NotificationSpec, 'currency' | 'savingKind' | 'potentialSaving' | 'actualSaving'>;
/** A reprice's saving by its variant: cash, credit and one kept before kinds, in two currencies. */
const REPRICE_MONEY: readonly Money[] = [
  { currency: 'USD', savingKind: 'cash', potentialSaving: 100.5 },
  { currency: 'EUR', potentialSaving: 40.25 },
  { currency: 'USD', savingKind: 'credit', potentialSaving: 30 },
  { currency: 'USD', savingKind: 'cash', potentialSaving: 20, actualSaving: 18.5 },
  { currency: 'EUR', savingKind: 'cash', potentialSaving: 12.75 },
  { currency: 'USD', savingKind: 'cash', potentialSaving: 999 },
];

/**
 * Every demo agent's notifications as a busy demo would have them: each type of every panel
 * group in each variant, on three bookings an agent, raised six hours apart (two at a time, so
 * the list's order by id is tried too) back from SPREAD_LATEST over February into January.
 * Globe Tours' reprices save more, in euros more often.
 */
export async function aNotificationSpread(db: Db): Promise<void> {
  const rows: ReturnType<typeof notificationRowOf>[] = [];
  let n = 0;
  for (const [agentIndex, initials] of DEMO_AGENTS.entries()) {
    const own = [
      await aBookingOf(db, initials),
      await aBookingOf(db, initials),
      await aBookingOf(db, initials),
    ];
    const globe = initials === 'GG' || initials === 'GA';
    for (const type of SPREAD_TYPES) {
      for (const [v, variant] of VARIANTS.entries()) {
        const booking = own[n % own.length]!;
        const money = REPRICE_MONEY[v]!;
        const reprice =
          type === 'Reprice'
            ? {
                ...money,
                currency: globe && v === 0 ? 'EUR' : money.currency,
                potentialSaving: (money.potentialSaving ?? 0) + agentIndex,
              }
            : {};
        rows.push(
          notificationRowOf(booking, {
            type,
            ...variant,
            ...reprice,
            time: new Date(SPREAD_LATEST.getTime() - Math.floor(n / 2) * 6 * 60 * 60_000),
            alerts: [{ text: `${type} alert ${n}` }],
          }),
        );
        n += 1;
      }
    }
  }
  await db.insert(notifications).values(rows);
}
