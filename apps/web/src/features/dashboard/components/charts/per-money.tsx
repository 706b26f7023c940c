import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CurrencyKind } from '@smt/shared';
import type { ReactNode } from 'react';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

type PerMoneyProps<T extends CurrencyKind> = {
  /** One entry per currency and kind of money of the figure, in the order shown. */
  entries: readonly T[];
  /** The chart of one entry; `name` adds its currency and kind to a chart's name when captioned. */
  children: (entry: T, name: (title: string) => string) => ReactNode;
};

const keyOf = ({ currency, kind }: CurrencyKind) => `${currency}/${kind}`;

/**
 * A money figure drawn once per currency and kind of money, since amounts in different
 * currencies, and cash and airline credit, never add up (docs/decisions/036, 067). Each chart
 * is captioned with what it is in ('In USD cash', 'In USD airline credit'), even when the figure
 * has one: a bare number is read in whatever currency the reader assumes. A chart's name says
 * its money too wherever the figure has more than one, or credit.
 */
export function PerMoney<T extends CurrencyKind>({ entries, children }: PerMoneyProps<T>) {
  const [only] = entries;
  const plain = entries.length === 1 && only?.kind === 'cash';
  return (
    <Stack spacing={2}>
      {entries.map((entry) => (
        <Box key={keyOf(entry)} component="figure" sx={{ m: 0 }}>
          <Typography
            component="figcaption"
            variant="subtitle2"
            color="text.secondary"
            sx={{ mb: 0.5 }}
          >
            {DASHBOARD_TEXTS.inMoney(entry)}
          </Typography>
          {children(entry, (title) =>
            plain ? title : `${title} (${DASHBOARD_TEXTS.moneyName(entry)})`,
          )}
        </Box>
      ))}
    </Stack>
  );
}
