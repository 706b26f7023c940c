import { z } from 'zod';
import { BookingType, TicketingState } from '../enums/bookings';
import { defineCall } from './define-call';

// What local and staging add for people and tests (CONTRACT.md): the inbox of everything sent,
// the server's clock, and bookings in the simulated GDS. Never registered in production.

const InboxMessage = z.object({
  channel: z.enum(['sms', 'email', 'push']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  code: z.string().optional(),
  link: z.string().optional(),
  createdAt: z.string(),
});
const ClockState = z.object({ now: z.string(), offsetMs: z.number() });

const Locator = z.object({
  locator: z.string().regex(/^[A-Z0-9]{5,10}$/, 'Should be a PNR number'),
});
const GdsBookingView = z.object({
  locator: z.string(),
  pcc: z.string(),
  agentInitials: z.string(),
  isTicketed: z.boolean(),
  /** Ticketed and still inside the void window. */
  isVoidable: z.boolean(),
  isCancelled: z.boolean(),
  lastPurchaseAt: z.string().nullable(),
  storedFare: z
    .object({ fareBasis: z.string(), total: z.number(), currency: z.string() })
    .nullable(),
  segments: z.array(
    z.object({
      id: z.string(),
      airline: z.string(),
      flightNumber: z.string(),
      status: z.string(),
      // The airport's local time as the GDS gives it, to compare with what screens show.
      departure: z.string(),
    }),
  ),
});
const GdsClock = z.object({ now: z.string() });

const CreateBookingBody = z.object({
  agentEmail: z.email().max(254),
  ticketingDueInHours: z.coerce.number().min(1).max(720).default(24),
  departsInDays: z.coerce.number().int().min(2).max(330).default(21),
  /** OTA bookings can be sent to ticketing from My PNRs. */
  type: BookingType.default('REGULAR'),
});

const TicketingScript = z.object({
  state: TicketingState,
  errorText: z.string().trim().max(200).nullable().default(null),
});

export const devCalls = {
  inbox: defineCall({
    method: 'GET',
    path: 'dev/inbox',
    access: 'public',
    query: z.object({ to: z.string().trim().min(1).max(254) }),
    answer: z.array(InboxMessage),
    refusals: ['dev.not-local-caller'],
  }),
  clock: defineCall({
    method: 'GET',
    path: 'dev/clock',
    access: 'public',
    answer: ClockState,
    refusals: ['dev.not-local-caller'],
  }),
  moveClock: defineCall({
    method: 'POST',
    path: 'dev/clock',
    access: 'public',
    body: z.union([
      z.object({ advanceMinutes: z.coerce.number().min(-525_600).max(525_600) }),
      z.object({ reset: z.union([z.literal(true), z.literal('true')]) }),
    ]),
    answer: ClockState,
    refusals: ['dev.not-local-caller'],
  }),
  gdsClock: defineCall({
    method: 'GET',
    path: 'dev/gds/clock',
    access: 'public',
    answer: GdsClock,
    refusals: ['dev.not-local-caller', 'dev.not-simulator'],
  }),
  moveGdsClock: defineCall({
    method: 'POST',
    path: 'dev/gds/clock',
    access: 'public',
    body: z.object({ advanceMinutes: z.coerce.number().int().min(1).max(525_600) }),
    answer: GdsClock,
    refusals: ['dev.not-local-caller', 'dev.not-simulator'],
  }),
  gdsBooking: defineCall({
    method: 'GET',
    path: 'dev/gds/bookings/:locator',
    access: 'public',
    params: Locator,
    answer: GdsBookingView,
    refusals: ['dev.not-local-caller', 'dev.not-simulator', 'dev.no-such-booking'],
  }),
  ticketElsewhere: defineCall({
    method: 'POST',
    path: 'dev/gds/bookings/:locator/ticketed',
    access: 'public',
    params: Locator,
    answer: z.object({ ticketed: z.boolean() }),
    refusals: ['dev.not-local-caller', 'dev.not-simulator'],
  }),
  scriptTicketing: defineCall({
    method: 'POST',
    path: 'dev/gds/bookings/:locator/ticketing-script',
    access: 'public',
    params: Locator,
    body: TicketingScript,
    answer: z.object({ scripted: z.literal(true) }),
    refusals: ['dev.not-local-caller', 'dev.not-simulator'],
  }),
  createBooking: defineCall({
    method: 'POST',
    path: 'dev/gds/bookings',
    access: 'public',
    body: CreateBookingBody,
    answer: z.object({ locator: z.string() }),
    refusals: ['dev.not-local-caller', 'dev.not-simulator', 'dev.no-such-agent'],
  }),
};
