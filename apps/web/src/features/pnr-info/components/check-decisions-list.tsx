import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_TYPES, type DetectorDecision, type DetectorOutcome } from '@smt/shared';
import { OUTCOME_LABEL } from './pnr-info-texts';

const OUTCOME_COLOR: Record<DetectorOutcome, 'success' | 'default' | 'warning'> = {
  raised: 'success',
  nothing: 'default',
  skipped: 'warning',
};

type CheckDecisionsListProps = { decisions: readonly DetectorDecision[]; label: string };

/** Each detector, what it decided and why: three columns wide, stacked on a phone. */
export function CheckDecisionsList({ decisions, label }: CheckDecisionsListProps) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        // On a phone the reason takes a line of its own under the detector and its decision.
        gridTemplateColumns: { xs: 'max-content 1fr', sm: 'max-content max-content 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.5, sm: 1 },
        alignItems: 'center',
      }}
    >
      {decisions.map((decision) => (
        <Box key={decision.detector} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
            {NOTIFICATION_TYPES[decision.detector].detectorLabel}
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'contents' }}>
            <Chip
              size="small"
              variant="outlined"
              color={OUTCOME_COLOR[decision.outcome]}
              label={OUTCOME_LABEL[decision.outcome]}
              sx={{ justifySelf: 'start' }}
            />
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                overflowWrap: 'anywhere',
                gridColumn: { xs: '1 / -1', sm: 'auto' },
                mb: { xs: 1, sm: 0 },
              }}
            >
              {decision.reason}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
