import type { BookingType } from '@smt/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GdsBooking } from '@/gds/gds-types';
import { createdAt, instant, updatedAt } from './columns';
import { gdsConnections } from './connections';
import { agencies, agents, branches } from './organisation';

/**
 * A booking (PNR) the engine watches. The columns are what lists filter, sort and scope by;
 * the whole booking as the GDS last returned it is the latest snapshot.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    gdsId: text('gds_id').notNull(),
    pnrNumber: text('pnr_number').notNull(),
    /**
     * The connection the booking was found through; null for bookings of the embedded
     * simulator made before connections existed, which the simulator still serves.
     */
    connectionId: integer('connection_id').references(() => gdsConnections.id),
    /** The provider's own id when it is not the locator (a Duffel order's 'ord_…'). */
    providerBookingId: text('provider_booking_id'),
    type: text('type').$type<BookingType>().notNull().default('REGULAR'),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    pnrCreatedAt: instant('pnr_created_at').notNull(),
    departureAt: instant('departure_at'),
    ticketedAt: instant('ticketed_at'),
    lastPurchaseAt: instant('last_purchase_at'),
    isTicketed: boolean('is_ticketed').notNull().default(false),
    isVoidable: boolean('is_voidable').notNull().default(false),
    /** The first flight has left: the PNR reads Departed (SPEC §3). */
    isDeparted: boolean('is_departed').notNull().default(false),
    /** Every flight has flown: the engine stops watching (docs/decisions/059). */
    isFlown: boolean('is_flown').notNull().default(false),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    isTicketing: boolean('is_ticketing').notNull().default(false),
    ticketingSupported: boolean('ticketing_supported').notNull().default(false),
    passengersCount: integer('passengers_count').notNull().default(0),
    mainPassenger: text('main_passenger'),
    customerNumber: text('customer_number'),
    carrierCode: text('carrier_code'),
    flightNumber: text('flight_number'),
    /** The route's ends (journeyRouteOf): the origin and the turnaround of a trip that comes back. */
    origin: text('origin'),
    destination: text('destination'),
    /** Every flown leg's departure and arrival airports, so a filter finds any of them. */
    origins: text('origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    destinations: text('destinations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Every flown leg's flight as airline and number without leading zeros ('LY81'), and
     * every passenger as 'LAST/FIRST': what the search box finds a booking by. */
    flights: text('flights')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    passengers: text('passengers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Every passenger as 'last/first' matched by name (`personKey`): case, spacing and
     * punctuation aside, as the agency's other bookings of a passenger are found. */
    passengerKeys: text('passenger_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The Sabre queue the PNR was last found on (the lowest when on several): what PNR info
     * says it came from. Kept once it is taken off; null for other providers' bookings.
     */
    sourceQueue: smallint('source_queue'),
    currentPrice: numeric('current_price', { precision: 12, scale: 2, mode: 'number' }),
    currency: text('currency'),
    monitored: boolean('monitored').notNull().default(true),
    nextCheckAt: instant('next_check_at'),
    lastCheckedAt: instant('last_checked_at'),
    /** When fares were last shopped; repricing runs on its own, slower cadence. */
    repriceCheckedAt: instant('reprice_checked_at'),
    /** A worker checking the booking holds it until then; a crashed worker's hold runs out. */
    checkLeaseUntil: instant('check_lease_until'),
    /** The last refresh someone asked for on My PNRs, and when (GDS time): see pnr-refresh.ts. */
    syncJobId: text('sync_job_id'),
    syncRequestedAt: instant('sync_requested_at'),
    latestSnapshotId: bigint('latest_snapshot_id', { mode: 'number' }),
    /** Hash of the latest snapshot: an unchanged booking is checked without reading it. */
    snapshotHash: text('snapshot_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bookings_gds_pnr_key').on(t.gdsId, t.pnrNumber),
    // A webhook names the order, not the locator.
    index('bookings_provider_booking_idx').on(t.connectionId, t.providerBookingId),
    // A booking's notifications are asked for by its PNR number alone (SPEC §7.1 pnr_key).
    index('bookings_pnr_idx').on(t.pnrNumber),
    index('bookings_agent_created_idx').on(
      t.agentId,
      t.pnrCreatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // My PNRs sorted by departure reads the agent's bookings in that order.
    index('bookings_agent_departure_idx').on(t.agentId, t.departureAt),
    index('bookings_branch_created_idx').on(
      t.branchId,
      t.pnrCreatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('bookings_agency_created_idx').on(
      t.agencyId,
      t.pnrCreatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('bookings_origins_idx').using('gin', t.origins),
    // A check looks for the agency's other bookings of its passengers, live or lately
    // cancelled: churning across PNRs and overlapping trips (docs/decisions/063).
    index('bookings_passenger_keys_idx').using('gin', t.passengerKeys),
    index('bookings_destinations_idx').using('gin', t.destinations),
    // A check looks for the agency's other live bookings on its flights (duplicate bookings).
    index('bookings_live_flights_idx')
      .using('gin', t.flights)
      .where(sql`${t.monitored} and not ${t.isCancelled} and not ${t.isFlown}`),
    index('bookings_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.monitored} and not ${t.isCancelled} and not ${t.isFlown}`),
  ],
);

/** What the GDS answered for a booking at one check; the engine diffs consecutive ones. */
export const bookingSnapshots = pgTable(
  'booking_snapshots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    takenAt: instant('taken_at').notNull(),
    contentHash: text('content_hash').notNull(),
    data: jsonb('data').$type<GdsBooking>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('booking_snapshots_booking_idx').on(t.bookingId, t.takenAt.desc().nullsFirst())],
);
