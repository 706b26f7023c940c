import { addUtcDays } from '@smt/shared';
import type { DetectorSettings } from '../detectors/detector';

/**
 * What the credits sweep does with an open credit on a day: warn of it (once), mark it expired,
 * or leave it.
 */
export type CreditExpiryStep = 'warn' | 'expire' | 'wait';

export type ExpiringCredit = {
  /** Its last day of use, 'yyyy-MM-dd'; null where the airline or provider gave none. */
  expiresOn: string | null;
  warnedAt: Date | null;
};

// A credit's expiry is a date, as airlines and providers give it, with no time or zone. It is
// counted as a whole UTC day, as every date of the API and the reports is (rules/utc-day.ts):
// the credit can be used until the end of its last day in UTC and is expired from the first
// instant of the next. Read in the airline's own zone the day could end up to 14 hours sooner,
// but the warning comes weeks before that, and a credit marked expired a few hours late hides
// nothing an agent could still use.

/**
 * The sweep's step for an open credit on the UTC day `today`: expired once its last day is
 * behind; warned of once from the day `warningDays` before its last day (the branch's setting),
 * unless the branch turned warnings off; a credit with no expiry is never either.
 */
export function creditExpiryStep(
  credit: ExpiringCredit,
  today: string,
  warning: DetectorSettings['credits'],
): CreditExpiryStep {
  if (credit.expiresOn === null) return 'wait';
  if (today > credit.expiresOn) return 'expire';
  if (credit.warnedAt !== null || !warning.enabled) return 'wait';
  return today >= warningDayOf(credit.expiresOn, warning.warningDays) ? 'warn' : 'wait';
}

/** The first day a credit expiring on `expiresOn` is warned of. */
export const warningDayOf = (expiresOn: string, warningDays: number): string =>
  addUtcDays(expiresOn, -Math.max(0, Math.floor(warningDays)));
