import { uiTexts, type MoneyKind } from '@smt/shared';
import type { FareQuote, Penalties } from '@/gds/gds-types';
import { losesFreeBaggage } from '@/monitoring/notification-data-of';
import type { DetectorSettings } from './detector';
import {
  cents,
  kindWithExpiry,
  savingAlertsOf,
  savingTermsOf,
  type RepriceSaving,
} from './reprice-saving';

// What a reprice alert says and whether its saving is worth saying, the same when it is raised
// and each time it is judged again (docs/decisions/037, 060).

type Rule = Penalties['change'];

// Not allowed where it was, or a fee that grew (or cannot be compared across currencies).
const ruleIsWorse = (was: Rule, offered: Rule, sameCurrency: boolean) =>
  was.allowed &&
  (!offered.allowed ||
    (offered.amount > 0 && (!sameCurrency || cents(offered.amount) > cents(was.amount))));

export function penaltiesAreWorse(stored: Penalties, offered: Penalties): boolean {
  const sameCurrency = stored.currency === offered.currency;
  return (
    ruleIsWorse(stored.change, offered.change, sameCurrency) ||
    ruleIsWorse(stored.refund, offered.refund, sameCurrency)
  );
}

/**
 * What the new fare's conditions take away, one alert each: a stricter fare is a cost the
 * traveller may pay later, shown to the agent rather than a reason to stay silent.
 */
export function stricterConditionsOf(stored: Penalties, offered: Penalties): string[] {
  const sameCurrency = stored.currency === offered.currency;
  const fee = (rule: Rule, currency: string) => `${rule.amount.toFixed(2)} ${currency}`;
  const line = (name: 'change' | 'refund', was: Rule, now: Rule) => {
    if (!ruleIsWorse(was, now, sameCurrency)) return [];
    const what = name === 'change' ? 'Changes' : 'Refunds';
    if (!now.allowed) return [`New conditions: ${what.toLowerCase()} not permitted`];
    return [
      `New conditions: ${name} fee ${fee(now, offered.currency)} (was ${fee(was, stored.currency)})`,
    ];
  };
  return [
    ...line('change', stored.change, offered.change),
    ...line('refund', stored.refund, offered.refund),
  ];
}

/**
 * Whether a net saving is worth an alert: over the branch's minimums, where a saving of
 * airline credit only is held to them, raised whatever its amount, or never raised, as the
 * branch chose (docs/decisions/068).
 */
export function meetsThresholds(
  stored: FareQuote,
  netCents: number,
  { minSavingAmount, minSavingPercent, creditReprices }: DetectorSettings['reprice'],
  kind: MoneyKind = 'cash',
): boolean {
  if (netCents <= 0) return false;
  if (kind === 'credit' && creditReprices === 'never') return false;
  if (kind === 'credit' && creditReprices === 'always') return true;
  if (minSavingAmount !== null && netCents < cents(minSavingAmount)) return false;
  // saving / total * 100 >= percent, multiplied out; the epsilon absorbs 1.1 * 100000.
  if (minSavingPercent !== null && netCents * 100 + 1e-6 < minSavingPercent * cents(stored.total))
    return false;
  return true;
}

/** What the net saving met, for PNR info: 'at or over the minimum 10.00 and 1%'. */
export function thresholdText({ minSavingAmount, minSavingPercent }: DetectorSettings['reprice']) {
  const limits = [
    ...(minSavingAmount !== null ? [minSavingAmount.toFixed(2)] : []),
    ...(minSavingPercent !== null ? [`${minSavingPercent}%`] : []),
  ];
  return limits.length > 0 ? `at or over the minimum ${limits.join(' and ')}` : 'no minimum set';
}

/**
 * Why a net saving does not pay, with its arithmetic, for PNR info and a withdrawn alert's
 * title: 'gross 12.40 USD, net 12.40 USD (cash): below the minimum 15.00'.
 */
export function shortfallText(
  stored: FareQuote,
  saving: RepriceSaving,
  settings: DetectorSettings['reprice'],
): string {
  const terms = savingTermsOf(saving);
  if (saving.netCents <= 0) return `${terms}: the fees and bags cost more than the fare saves`;
  if (saving.kind === 'credit' && settings.creditReprices === 'never')
    return `${terms}: this branch does not raise reprices that save only airline credit`;
  const { minSavingAmount, minSavingPercent } = settings;
  if (minSavingAmount !== null && saving.netCents < cents(minSavingAmount))
    return `${terms}: below the minimum ${minSavingAmount.toFixed(2)}`;
  const percent = ((saving.netCents / cents(stored.total)) * 100).toFixed(1);
  return `${terms}, ${percent}% of the fare: below the minimum ${minSavingPercent ?? 0}%`;
}

/** The alert's title message and lines for repricing `stored` to `offer` with this saving. */
export function repriceWordsOf(
  stored: FareQuote,
  offer: FareQuote,
  saving: RepriceSaving,
): { titleMessage: string; alerts: { text: string }[] } {
  const net = (saving.netCents / 100).toFixed(2);
  const total = (fare: FareQuote) => fare.total.toFixed(2);
  const alerts = [
    {
      text: `Fare ${stored.fareBasis} at ${total(stored)} ${stored.currency} can be repriced to ${offer.fareBasis} at ${total(offer)} ${offer.currency}`,
    },
    ...savingAlertsOf(saving).map((text) => ({ text })),
    ...stricterConditionsOf(stored.penalties, offer.penalties).map((text) => ({ text })),
  ];
  if (losesFreeBaggage(stored, offer)) alerts.push({ text: uiTexts.noFreeBaggage });
  return {
    titleMessage: `Save ${net} ${offer.currency}${kindWithExpiry(saving)} by repricing to ${offer.fareBasis}`,
    alerts,
  };
}
