import Chip from '@mui/material/Chip';
import { creditAmountText, localDayText, type CreditItem, type CreditState } from '@smt/shared';
import type { ReactNode } from 'react';
import {
  CREDIT_SOURCE_LABELS,
  CREDIT_STATE_LABELS,
  creditTexts,
} from '@/features/credits/utils/credit-texts';

export type CreditColumn = { key: string; label: string; value: (credit: CreditItem) => ReactNode };

const STATE_COLOURS: Record<CreditState, 'success' | 'default' | 'error'> = {
  open: 'success',
  used: 'default',
  expired: 'error',
};

export function CreditStateChip({ state }: { state: CreditState }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATE_COLOURS[state]}
      label={CREDIT_STATE_LABELS[state]}
    />
  );
}

/** What a row shows of a credit, in the order of the table's columns and a card's facts. */
export const CREDIT_COLUMNS: readonly CreditColumn[] = [
  { key: 'airline', label: creditTexts.airline, value: (credit) => credit.airline },
  {
    key: 'amount',
    label: creditTexts.amount,
    value: (credit) => creditAmountText(credit.amountCents, credit.currency),
  },
  {
    key: 'expires',
    label: creditTexts.expires,
    value: (credit) => (credit.expiresOn ? localDayText(credit.expiresOn) : creditTexts.noExpiry),
  },
  {
    key: 'state',
    label: creditTexts.state,
    value: (credit) => <CreditStateChip state={credit.state} />,
  },
  { key: 'pnr', label: creditTexts.pnr, value: (credit) => credit.pnrNumber },
  {
    key: 'source',
    label: creditTexts.source,
    value: (credit) => CREDIT_SOURCE_LABELS[credit.source],
  },
  { key: 'agent', label: creditTexts.agent, value: (credit) => credit.agentName },
];
