import type { PriceQuote } from '@smt/shared';

/** Saving = current − new price (SPEC §9), worked out in cents so 0.1 + 0.2 stays 0.30. */
export const savingOf = (quote: Pick<PriceQuote, 'current_price' | 'new_price'>) =>
  (Math.round(quote.current_price * 100) - Math.round(quote.new_price * 100)) / 100;

/** The new fare drops free baggage somewhere: the new conditions get a warning. */
export const losesFreeBaggage = (quote: Pick<PriceQuote, 'newBaggageInfos'>) =>
  quote.newBaggageInfos.some((info) => info.normalizedNonFreeBaggage);
