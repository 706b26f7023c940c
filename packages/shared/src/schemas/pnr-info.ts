import { z } from 'zod';
import { BookingType } from '../enums/bookings';
import {
  NotificationGroup,
  NotificationStatus,
  NotificationSubtype,
  NotificationType,
} from '../enums/notifications';
import { validationMessages as messages } from '../messages';
import { PnrDetails } from './pnrs';

// The super user's tools of SPEC §2.11: PNR info (any booking by number, with the engine's
// checks of it) and create PNR (a booking made in the GDS for an agent). Their contracts, on
// paths of ours: calls/management-tool-calls.ts.

const PnrNumber = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.string(messages.pnrNumber).regex(/^[A-Z0-9]{6,10}$/, messages.pnrNumber),
);

export const PnrInfoQuery = z.object({ pnrNumber: PnrNumber });
export type PnrInfoQuery = z.input<typeof PnrInfoQuery>;

/** How one check ended: read and judged, the GDS no longer has it, or it failed. */
export const CheckResult = z.enum(['checked', 'gone', 'failed']);
export type CheckResult = z.infer<typeof CheckResult>;

/** What one detector made of one check. */
export const DetectorOutcome = z.enum(['raised', 'nothing', 'skipped']);
export type DetectorOutcome = z.infer<typeof DetectorOutcome>;

export const DetectorDecision = z.object({
  detector: NotificationType,
  outcome: DetectorOutcome,
  reason: z.string(),
  notificationIds: z.array(z.number().int()),
});
export type DetectorDecision = z.infer<typeof DetectorDecision>;

export const BookingCheck = z.object({
  /** ISO instant, the server's clock. */
  checkedAt: z.string(),
  /** ISO instant, the reservation system's clock, which deadlines are judged by. */
  gdsTime: z.string().nullable(),
  result: CheckResult,
  /** The booking differed from the last snapshot (a new snapshot was stored). */
  changed: z.boolean(),
  error: z.string().nullable(),
  decisions: z.array(DetectorDecision),
});
export type BookingCheck = z.infer<typeof BookingCheck>;

export const PnrInfoNotification = z.object({
  id: z.number().int(),
  type: NotificationType,
  group: NotificationGroup,
  subtype: NotificationSubtype,
  status: NotificationStatus,
  title: z.string(),
  titleMessage: z.string(),
  /** ISO instant */
  notificationTime: z.string(),
});
export type PnrInfoNotification = z.infer<typeof PnrInfoNotification>;

export const PnrFare = z.object({
  fareBasis: z.string(),
  total: z.number(),
  currency: z.string(),
  /** ISO instant, or null when the fare has no last purchase time. */
  lastPurchase: z.string().nullable(),
});
export type PnrFare = z.infer<typeof PnrFare>;

export const PnrInfo = z.object({
  booking: z.object({
    id: z.number().int(),
    pnrNumber: z.string(),
    gdsId: z.string(),
    /** The reservation system the booking lives in, by name ('Simulator', 'Duffel'). */
    provider: z.string(),
    /** The detectors that provider keeps from running on the booking, and why. */
    unsupported: z.array(z.object({ detector: NotificationType, reason: z.string() })),
    type: BookingType,
    agencyName: z.string(),
    branchPcc: z.string(),
    /**
     * The Sabre queue the booking was last found on (the lowest when on several), kept once it
     * is taken off; null for other providers and before Sabre listed it on one.
     */
    queue: z.number().int().nullable(),
    agentName: z.string(),
    monitored: z.boolean(),
    /** ISO instants, GDS time. */
    lastCheckedAt: z.string().nullable(),
    nextCheckAt: z.string().nullable(),
    lastPurchaseAt: z.string().nullable(),
  }),
  /** The booking as the engine last saw it; null before its first check. */
  snapshot: PnrDetails.nullable(),
  /** ISO instant of that snapshot. */
  snapshotTakenAt: z.string().nullable(),
  fare: PnrFare.nullable(),
  /** Newest first; the engine keeps the last BOOKING_CHECKS_KEPT. */
  checks: z.array(BookingCheck),
  /** Newest first, deleted ones included. */
  notifications: z.array(PnrInfoNotification),
});
export type PnrInfo = z.infer<typeof PnrInfo>;

export const BOOKING_CHECKS_KEPT = 50;

export const createPnrMessages = {
  idRequired: 'Choose one',
  departsInDays: 'Should be a whole number of days from 2 to 330',
  ticketingDueInHours: 'Should be a whole number of hours from 1 to 720',
  firstName: 'Should be 1 to 30 letters',
  lastName: 'Should be 2 to 30 letters',
  airport: 'Should be three letters',
  airline: 'Should be two alphanumeric characters',
  flightNumber: 'Should be a numeric value from 1 to 4 characters',
  sameAirports: 'Should differ from the origin',
} as const;

const ChosenId = z.coerce
  .number({ error: createPnrMessages.idRequired })
  .int(createPnrMessages.idRequired)
  .positive(createPnrMessages.idRequired)
  .max(Number.MAX_SAFE_INTEGER, createPnrMessages.idRequired);

const WholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

const upper = (pattern: RegExp, message: string) =>
  z.string().trim().toUpperCase().regex(pattern, message);

/** POST admin/pnr/create (form or JSON): whose booking it is, when it flies, and who flies. */
export const CreatePnrBody = z
  .object({
    agencyId: ChosenId,
    branchId: ChosenId,
    agentId: ChosenId,
    type: BookingType,
    departsInDays: WholeNumber(2, 330, createPnrMessages.departsInDays),
    ticketingDueInHours: WholeNumber(1, 720, createPnrMessages.ticketingDueInHours),
    firstName: upper(/^[A-Z]{1,30}$/, createPnrMessages.firstName),
    lastName: upper(/^[A-Z]{2,30}$/, createPnrMessages.lastName),
    from: upper(/^[A-Z]{3}$/, createPnrMessages.airport),
    to: upper(/^[A-Z]{3}$/, createPnrMessages.airport),
    airline: upper(/^[A-Z0-9]{2}$/, createPnrMessages.airline),
    flightNumber: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, createPnrMessages.flightNumber),
    /** The agency's reservation system to book in; absent (or an empty choice), its simulator. */
    connectionId: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      ChosenId.optional(),
    ),
  })
  .refine((body) => body.from !== body.to, {
    path: ['to'],
    message: createPnrMessages.sameAirports,
  });
export type CreatePnrBody = z.input<typeof CreatePnrBody>;

export const CreatePnrResponse = z.object({ pnrNumber: z.string(), bookingId: z.number().int() });
export type CreatePnrResponse = z.infer<typeof CreatePnrResponse>;
