import type { QuoteSaving } from '@smt/shared';

/**
 * What follows a net saving in a reprice's title, by its price quote: ' (cash)', ' as airline
 * credit', or nothing after a net that saves nothing (docs/decisions/067).
 */
export const kindWordsOf = (saving: QuoteSaving | null | undefined): string =>
  !saving || saving.net <= 0 ? '' : saving.kind === 'credit' ? ' as airline credit' : ' (cash)';
