import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

type PerCurrencyProps<T extends { currency: string }> = {
  /** One entry per currency of the figure, in the order shown. */
  entries: readonly T[];
  /** The chart of one currency; `name` adds the currency to a chart's name when there are several. */
  children: (entry: T, name: (title: string) => string) => ReactNode;
};

/**
 * A money figure drawn once per currency, since amounts in different currencies never add up
 * (docs/decisions/036): one currency draws as it always did, several each under a caption.
 */
export function PerCurrency<T extends { currency: string }>({
  entries,
  children,
}: PerCurrencyProps<T>) {
  if (entries.length <= 1) {
    return (
      <>
        {entries.map((entry) => (
          <Fragment key={entry.currency}>{children(entry, (title) => title)}</Fragment>
        ))}
      </>
    );
  }
  return (
    <Stack spacing={2}>
      {entries.map((entry) => (
        <Box key={entry.currency} component="figure" sx={{ m: 0 }}>
          <Typography
            component="figcaption"
            variant="subtitle2"
            color="text.secondary"
            sx={{ mb: 0.5 }}
          >
            {DASHBOARD_TEXTS.inCurrency(entry.currency)}
          </Typography>
          {children(entry, (title) => `${title} (${entry.currency})`)}
        </Box>
      ))}
    </Stack>
  );
}
