import type { GdsCapabilities } from './gds-types';

/** A GDS as the simulator plays one: status codes, waitlists, history, ticketing by command. */
export const GDS_CAPABILITIES: GdsCapabilities = {
  waitlist: true,
  segmentHistory: true,
  segmentCancel: true,
  fareRulesByFareBasis: true,
  segmentStatusCodes: true,
  ticketing: 'command',
  pushesChanges: false,
  // A segment's status is changed on its own (TK to HK, UN removed).
  acceptsChanges: 'each',
  // A GDS voids a ticket on the day of issue and issues a new one (BSP/ARC void).
  voidsTickets: true,
};

/**
 * Duffel, from its API reference and the `@duffel/api` types: no waitlists, no segment history,
 * no segment-level cancel, no fare rules by fare basis, no IATA status codes (a change arrives
 * as removed and added slices); a hold order is ticketed by paying it; changes come by webhook.
 */
export const DUFFEL_CAPABILITIES: GdsCapabilities = {
  waitlist: false,
  segmentHistory: false,
  segmentCancel: false,
  fareRulesByFareBasis: false,
  segmentStatusCodes: false,
  ticketing: 'payment',
  pushesChanges: true,
  // Each airline-initiated change has its own accept action.
  acceptsChanges: 'each',
  // A change is priced by the airline as an order change (its change_total_amount says what it
  // costs); there is no void and reissue of a ticket through the API.
  voidsTickets: false,
};

/**
 * Sabre, from its published services (docs/decisions/070): IATA status codes, waitlists and
 * history as a GDS keeps them, segments cancelled one by one, ticketing by fulfilling the
 * stored price quote. Changes are found on the PCC's queues, not pushed. A schedule change is
 * taken by ending the transaction with schedule change accepted, which takes every pending
 * one of the PNR: auto-accept leaves a booking with a major change among minor ones to the
 * agent (docs/decisions/061).
 */
export const SABRE_CAPABILITIES: GdsCapabilities = {
  waitlist: true,
  segmentHistory: true,
  segmentCancel: true,
  fareRulesByFareBasis: true,
  segmentStatusCodes: true,
  ticketing: 'command',
  pushesChanges: false,
  acceptsChanges: 'all',
  voidsTickets: true,
};
