import { z } from 'zod';

/**
 * Segment status codes as a GDS sends them: HK confirmed, HL waitlisted, KL confirmed from
 * waitlist, KK confirmed by the airline, TK schedule change, UN/HX/NO/UC cancelled or refused.
 */
export const SegmentStatus = z.enum(['HK', 'HL', 'KL', 'KK', 'TK', 'UN', 'HX', 'NO', 'UC']);
export type SegmentStatus = z.infer<typeof SegmentStatus>;

export const CANCELLED_SEGMENT_STATUSES = ['UN', 'HX', 'NO', 'UC'] as const;

export const BookingType = z.enum(['REGULAR', 'OTA']);
export type BookingType = z.infer<typeof BookingType>;

export const PassengerType = z.enum(['ADT', 'CHD', 'INF', 'YTH', 'SRC']);
export type PassengerType = z.infer<typeof PassengerType>;

/** The PNR lifecycle stepper and its labels (SPEC §2.5, §4). */
export const LIFECYCLE_STEPS = ['Booked', 'Voidable', 'Ticketed', 'Departed'] as const;
export type LifecycleStep = (typeof LIFECYCLE_STEPS)[number];

export type PnrState = { isDeparted: boolean; isTicketed: boolean; isVoidable: boolean };

export function lifecycleStepOf(state: PnrState): LifecycleStep {
  if (state.isDeparted) return 'Departed';
  if (state.isTicketed) return 'Ticketed';
  if (state.isVoidable) return 'Voidable';
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
