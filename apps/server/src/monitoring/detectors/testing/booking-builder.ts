import { instantsOf } from '@/gds/airport-time';
import type { FareQuote, GdsBooking, GdsSegment, Penalties } from '@/gds/gds-types';
import { DEFAULT_DETECTOR_SETTINGS } from '../default-settings';
import type { CheckInput, DetectorSettings, PendingNotice, TravellerBooking } from '../detector';

// Plain fixtures for the detector specs: sensible defaults, override what the test is about.

/** The GDS clock of every spec: a week before the default flight. */
export const NOW = new Date('2026-03-01T08:00:00.000Z');

/**
 * A segment; its instants follow its local times and airports (TLV 10:00 in March is 08:00
 * UTC) unless the test sets them. Change `departure` through here, not by spreading a built
 * segment, or the instants stay behind.
 */
export function aSegment(over: Partial<GdsSegment> = {}): GdsSegment {
  const local = {
    id: 's1',
    airline: 'LY',
    flightNumber: '315',
    from: 'TLV',
    to: 'JFK',
    departure: '2026-03-08 10:00',
    arrival: '2026-03-08 15:00',
    flightClass: 'Y',
    status: 'HK' as const,
    ...over,
  };
  return { ...instantsOf(local), ...local };
}

export const aPenalties = (over: Partial<Penalties> = {}): Penalties => ({
  change: { allowed: true, amount: 100 },
  refund: { allowed: true, amount: 0 },
  currency: 'USD',
  ...over,
});

export const aFare = (over: Partial<FareQuote> = {}): FareQuote => ({
  cmd: 'WPNCB',
  fareBasis: 'YOW',
  flightClass: 'Y',
  total: 1000,
  currency: 'USD',
  freeBags: 1,
  bagCost: null,
  penalties: aPenalties(),
  lastPurchase: null,
  segmentIds: ['s1'],
  passengerTypes: ['ADT'],
  ...over,
});

export const aBooking = (over: Partial<GdsBooking> = {}): GdsBooking => ({
  locator: 'ABC123',
  pcc: 'TLV1',
  agentInitials: 'AA',
  type: 'REGULAR',
  createdAt: '2026-02-01T09:00:00.000Z',
  passengers: [
    {
      id: 'p1',
      title: 'MR',
      firstName: 'Dan',
      lastName: 'Cohen',
      type: 'ADT',
      phone: null,
      email: 'dan@example.test',
    },
  ],
  contact: { name: 'Dan Cohen', phone: '+972501234567', email: 'dan@example.test' },
  segments: [aSegment()],
  hotels: [],
  cars: [],
  storedFare: aFare(),
  isTicketed: false,
  isVoidable: false,
  ticketedAt: null,
  lastPurchaseAt: null,
  isCancelled: false,
  customerNumber: null,
  remarks: ['CUSTOMER PREFERS AISLE'],
  ticketingSupported: true,
  history: [],
  version: 1,
  ...over,
});

/** Another booking of the agency holding Dan Cohen, made a day after this one, live. */
export const aTraveller = (over: Partial<TravellerBooking> = {}): TravellerBooking => ({
  locator: 'XYZ789',
  createdAt: '2026-02-02T09:00:00.000Z',
  isCancelled: false,
  passengers: [{ firstName: 'Dan', lastName: 'Cohen' }],
  segments: [],
  history: [],
  ...over,
});

export const aPending = (over: Partial<PendingNotice> = {}): PendingNotice => ({
  id: 1,
  type: 'Reprice',
  dedupeKey: 'RP:OLD',
  potentialSaving: null,
  segmentIds: [],
  ...over,
});

export const anInput = (over: Partial<CheckInput> = {}): CheckInput => ({
  previous: null,
  current: aBooking(),
  offers: [],
  now: NOW,
  pending: [],
  ...over,
});

type SettingsOverride = { [K in keyof DetectorSettings]?: Partial<DetectorSettings[K]> };

export function settingsWith(over: SettingsOverride = {}): DetectorSettings {
  const merged = { ...DEFAULT_DETECTOR_SETTINGS };
  for (const key of Object.keys(over) as (keyof DetectorSettings)[]) {
    Object.assign(merged, { [key]: { ...DEFAULT_DETECTOR_SETTINGS[key], ...over[key] } });
  }
  return merged;
}

/** Every process switched off. */
export const ALL_OFF = settingsWith({
  reprice: { enabled: false },
  reschedule: { enabled: false },
  segmentRemoval: { enabled: false },
  churning: { enabled: false },
  ticketingDue: { enabled: false },
  waitlist: { enabled: false },
});
