// The credits ledger: what other modules use of it (recording the credits their actions leave,
// and 'credit available' on their bookings).
export { creditsAvailableOn } from './credit-available';
export { cancellationCreditsOf, recordCredits, repriceCreditsOf } from './credit-recording';
