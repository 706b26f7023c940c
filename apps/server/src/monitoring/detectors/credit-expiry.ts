import type { DetectorModule } from './detector';

/**
 * Why a booking's check never raises a credit's expiry warning, for PNR info: the credits
 * ledger's sweep does, by date, whatever becomes of the booking (monitoring/credits).
 */
const CREDIT_SWEEP_REASON = "warned of by the credits ledger's sweep, by date, not on a check";

// A credit nears its last day whether or not its booking is checked (it is often cancelled or
// flown), so the sweep raises the warning; the type keeps a module so every type has one.
export const creditExpiryDetector: DetectorModule = {
  type: 'CreditExpiry',
  detect: () => [],
  explain: () => CREDIT_SWEEP_REASON,
};
