import type {
  Flight,
  NotificationDetails,
  NotificationHeader,
  NotificationListItem,
  Passenger,
  PriceQuote,
} from '@smt/shared';
import { vi } from 'vitest';

// Answers of the details calls for the overlay's tests, shaped by the shared schemas.

export const aFlight = (overrides: Partial<Flight> = {}): Flight => ({
  from: 'TLV',
  to: 'LHR',
  airline: 'LY',
  flight_number: '315',
  flight_class: 'Y',
  status: 'HK',
  departure: '2026-12-13 10:00',
  arrival: '2026-12-13 14:30',
  ...overrides,
});

export const aPassenger = (overrides: Partial<Passenger> = {}): Passenger => ({
  title: 'MR',
  first_name: 'Dan',
  last_name: 'Cohen',
  type: 'ADT',
  phone: null,
  email: null,
  ...overrides,
});

type DetailsOverrides = {
  header?: Partial<NotificationHeader>;
  pnr?: Partial<NotificationDetails['data']['pnr']>;
  data?: Partial<Omit<NotificationDetails['data'], 'pnr'>>;
  payload?: Partial<NotificationDetails['payload']>;
};

export function aDetails(overrides: DetailsOverrides = {}): NotificationDetails {
  return {
    header: {
      notification_id: 7,
      type: 'Reschedule',
      subtype: 'Pending',
      group: 'RESCHEDULE',
      type_status: 'Active',
      title: 'Schedule change',
      title_message: 'LY315 leaves 2 hours later',
      notification_time: '2026-12-01T08:00:00.000Z',
      readonly: false,
      status: 'READ',
      ...overrides.header,
    },
    payload: {
      alerts: [],
      remarks: [],
      last_purchase_date: null,
      segment_classes: [],
      ...overrides.payload,
    },
    data: {
      pnr: {
        id: 'ABC123',
        pcc: 'TLV1',
        creator: 'AA',
        is_cancelled: false,
        is_ticketed: false,
        is_voidable: false,
        is_departed: false,
        ...overrides.pnr,
      },
      contact: { name: 'Dan Cohen', phone: '+972501234567', email: 'dan@example.test' },
      passengers: [aPassenger()],
      cars: [],
      hotels: [],
      flights: [aFlight()],
      sc: null,
      ...overrides.data,
    },
  };
}

/** A header of the type, in the group it belongs to. */
export const headerOf = (
  type: NotificationHeader['type'],
  rest: Partial<NotificationHeader> = {},
): Partial<NotificationHeader> => {
  const group = {
    Reprice: 'REPRICE',
    TicketingDue: 'TICKETING_DUE',
    Churning: 'ADM',
    SegmentRemoval: 'ADM',
    HoldsWaitlist: 'WAITLIST',
    Reschedule: 'RESCHEDULE',
    DuplicateBooking: 'ADM',
    CreditExpiry: 'REPRICE',
  } as const;
  return { type, group: group[type], ...rest };
};

export const aPriceQuote = (overrides: Partial<PriceQuote> = {}): PriceQuote => ({
  seq_num: 1,
  cmd: 'WPNCB',
  current_price: 1250.5,
  new_price: 1100.25,
  currency: 'USD',
  last_purchase: null,
  pax: [{ type: 'ADT' }],
  segments: [{ id: 's1', origin: 'TLV', dest: 'LHR', airline: 'LY' }],
  conditions: {
    current_conds: {
      penalty_rules: {
        before_dept: {
          change_ind: true,
          change_amount: 100,
          refund_ind: false,
          refund_amount: 0,
          currency: 'USD',
        },
      },
    },
    new_conds: {
      penalty_rules: {
        before_dept: {
          change_ind: true,
          change_amount: 150,
          refund_ind: true,
          refund_amount: 200,
          currency: 'USD',
        },
      },
    },
  },
  fare_conds: { farebasis: 'YLOW1', flight_class: 'Y', bag: '1PC' },
  newBaggageInfos: [],
  ...overrides,
});

export const aListItem = (id: number, overrides: Partial<NotificationListItem> = {}) =>
  ({
    notification_id: id,
    type: 'Reschedule',
    subtype: 'Pending',
    group: 'RESCHEDULE',
    type_status: 'Active',
    title: `Notification ${id}`,
    title_message: 'Something changed',
    notification_time: '2026-12-01T08:00:00.000Z',
    readonly: false,
    status: 'READ',
    contact_name: 'Dan Cohen',
    pnr_summary: 'TLV-LHR LY315 2026-12-13 10:00',
    pnr: 'ABC123',
    alerts: [],
    agent_name: 'Bella Agent',
    deadline: null,
    ...overrides,
  }) satisfies NotificationListItem;

export function pathOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, 'http://x').pathname;
}

/** The form fields of every call to `path` so far (the stub reads only JSON bodies). */
export function formsSentTo(path: string): Record<string, string>[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => pathOf(input) === path)
    .map(([, init]) => Object.fromEntries(new URLSearchParams(init?.body as URLSearchParams)));
}
