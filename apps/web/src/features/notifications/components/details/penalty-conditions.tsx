import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PriceQuote } from '@smt/shared';
import type { ReactNode } from 'react';
import { FieldGrid } from '@/components/ui/field-grid';
import { formatAmount } from '@/lib/format';
import { detailsTexts } from './details-texts';

type PenaltyRules = PriceQuote['conditions']['current_conds']['penalty_rules'];

type PenaltyConditionsProps = { title: ReactNode; rules: PenaltyRules };

const penaltyText = (allowed: boolean, amount: number, currency: string) =>
  allowed ? `${formatAmount(amount)} ${currency}` : detailsTexts.notAllowed;

/** Change and refund penalties before departure, of the current or the new fare. */
export function PenaltyConditions({ title, rules }: PenaltyConditionsProps) {
  const { before_dept: before } = rules;
  return (
    <Stack spacing={0.5}>
      <Typography
        variant="subtitle2"
        component="h4"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
      >
        {title}
      </Typography>
      <FieldGrid
        minColumnWidth={140}
        fields={[
          {
            label: detailsTexts.change,
            value: penaltyText(before.change_ind, before.change_amount, before.currency),
          },
          {
            label: detailsTexts.refund,
            value: penaltyText(before.refund_ind, before.refund_amount, before.currency),
          },
        ]}
      />
    </Stack>
  );
}
