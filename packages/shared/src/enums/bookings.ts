import { z } from 'zod';

/**
 * Segment status codes as a GDS sends them: HK confirmed, HL waitlisted, KL confirmed from
 * waitlist, KK confirmed by the airline, TK schedule change, UN/HX/NO/UC cancelled or refused.
 */
export const SegmentStatus = z.enum([
  'HK',
  'HL',
  'KL',
  'KK',
  'TK',
  'UN',
  'HX',
  'NO',
  'UC',
  'US',
  'UU',
  'TL',
  'TN',
  'SC',
  'HN',
  'GK',
  'WK',
]);
export type SegmentStatus = z.infer<typeof SegmentStatus>;

/**
 * What each segment status code says, as the GDSs' air status code lists give them
 * (Travelport's Air Status Codes; docs/decisions/038).
 */
export const SEGMENT_STATUS_MEANING: Record<SegmentStatus, string> = {
  HK: 'holds confirmed',
  HL: 'waitlisted',
  KL: 'confirmed from the waitlist',
  KK: 'confirmed by the airline',
  TK: 'confirmed with new times',
  UN: 'flight not operated',
  HX: 'cancelled by the airline',
  NO: 'no action taken',
  UC: 'unable to confirm',
  US: 'unable to sell, waitlisted',
  UU: 'unable to confirm, waitlisted',
  TL: 'waitlisted with new times',
  TN: 'requested, with new times',
  SC: 'schedule change',
  HN: 'requested, not yet confirmed',
  GK: 'passive, booked outside this system',
  WK: 'was confirmed, replaced by a schedule change',
};

/** An airline's reply the agent must accept: the seats cleared or were confirmed. */
export const CONFIRM_REPLY_STATUSES = ['KL', 'KK'] as const satisfies readonly SegmentStatus[];

/**
 * Segments that hold no seat and stay in the PNR until the agency removes them; airlines' ADM
 * policies charge for each left in (UN, a schedule change, is Reschedule's).
 */
export const INACTIVE_SEGMENT_STATUSES = [
  'HX',
  'NO',
  'UC',
] as const satisfies readonly SegmentStatus[];

/**
 * The airline's answers that keep a request alive but not as the agent asked: waitlisted
 * instead (US, UU), or waitlisted or requested at new times (TL, TN). The GDSs move them to HL
 * (HN for TN), not out of the PNR: removing one deletes a live waitlist (docs/decisions/038).
 */
export const AIRLINE_WAITLIST_STATUSES = [
  'US',
  'UU',
  'TL',
  'TN',
] as const satisfies readonly SegmentStatus[];

/** The status the agent changes each of those to, as the GDSs' status code lists say. */
export const WAITLIST_REPLY_ACTION: Record<
  (typeof AIRLINE_WAITLIST_STATUSES)[number],
  'HL' | 'HN'
> = { US: 'HL', UU: 'HL', TL: 'HL', TN: 'HN' };

/** A passive segment only records a booking made elsewhere: the airline says nothing about it. */
export const PASSIVE_SEGMENT_STATUSES = ['GK'] as const satisfies readonly SegmentStatus[];

export const CANCELLED_SEGMENT_STATUSES = ['UN', 'HX', 'NO', 'UC'] as const;

export const BookingType = z.enum(['REGULAR', 'OTA']);
export type BookingType = z.infer<typeof BookingType>;

export const PassengerType = z.enum(['ADT', 'CHD', 'INF', 'YTH', 'SRC']);
export type PassengerType = z.infer<typeof PassengerType>;

/** The PNR lifecycle stepper and its labels (SPEC §2.5, §4). */
export const LIFECYCLE_STEPS = ['Booked', 'Voidable', 'Ticketed', 'Departed'] as const;
export type LifecycleStep = (typeof LIFECYCLE_STEPS)[number];

export type PnrState = { isDeparted: boolean; isTicketed: boolean; isVoidable: boolean };

/**
 * Where the booking is in its life. A voidable booking is ticketed too: its tickets are still
 * inside the void window, the step before Ticketed, and the one an agent must see (SPEC §3).
 */
export function lifecycleStepOf(state: PnrState): LifecycleStep {
  if (state.isDeparted) return 'Departed';
  if (state.isVoidable) return 'Voidable';
  if (state.isTicketed) return 'Ticketed';
  return 'Booked';
}

/** Status text of a PNR list row (SPEC §3 PNR). */
export function pnrStatusText(state: PnrState): string {
  const step = lifecycleStepOf(state);
  return step === 'Voidable' ? 'Ticket Voidable' : step;
}

export const TicketingState = z.enum([
  'SUCCESS',
  'PARTIAL_SUCCESS',
  'LOCKED',
  'FAILURE',
  'EXPIRED',
]);
export type TicketingState = z.infer<typeof TicketingState>;

export const PnrDateType = z.enum(['CREATION', 'DEPARTURE', 'TICKETING']);
export type PnrDateType = z.infer<typeof PnrDateType>;

export const PNR_DATE_TYPE_LABEL: Record<PnrDateType, string> = {
  CREATION: 'PNR Creation Date',
  DEPARTURE: 'PNR Departure Date',
  TICKETING: 'PNR Ticketing Date',
};
