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
};
