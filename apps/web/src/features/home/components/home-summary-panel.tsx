import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { HOME_TEXTS } from '@/features/home/utils/home-texts';
import { potentialParts, type HomeTotals } from '@/features/home/utils/home-totals';

type HomeSummaryPanelProps = { totals: HomeTotals };

/** What needs attention at a glance: new and pending in all groups, and the reprice potential. */
export function HomeSummaryPanel({ totals }: HomeSummaryPanelProps) {
  const titleId = useId();
  // A figure is one or more lines: the potential has one per currency and kind of money, its
  // amount large and its kind ('cash', 'airline credit') beside it in small.
  const figures = [
    { label: HOME_TEXTS.new, lines: [{ money: String(totals.new), kind: null }] },
    { label: HOME_TEXTS.pending, lines: [{ money: String(totals.pending), kind: null }] },
    { label: HOME_TEXTS.repricePotential, lines: potentialParts(totals.potential) },
  ];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {HOME_TEXTS.summary}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-evenly',
        }}
      >
        {figures.map(({ label, lines }) => (
          <Box
            key={label}
            sx={{
              display: 'flex',
              alignItems: 'baseline',
              justifyContent: 'space-between',
              gap: 2,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 0 },
            }}
          >
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="h5"
              sx={{ m: 0, fontWeight: 600, textAlign: 'end' }}
            >
              {lines.map(({ money, kind }) => (
                <Box key={`${money} ${kind}`} component="span" sx={{ display: 'block' }}>
                  {money}
                  {kind && (
                    <Typography
                      component="span"
                      variant="body2"
                      color="text.secondary"
                      sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                    >
                      {` ${kind}`}
                    </Typography>
                  )}
                </Box>
              ))}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
