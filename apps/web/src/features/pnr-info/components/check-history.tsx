import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BookingCheck } from '@smt/shared';
import { formatDateTime } from '@/lib/format';
import { CheckDecisionsList } from './check-decisions-list';
import { pnrInfoTexts as texts, RESULT_LABEL } from './pnr-info-texts';

type CheckHistoryProps = { checks: readonly BookingCheck[] };

/** The engine's checks of the booking, newest first and open; older ones fold. */
export function CheckHistory({ checks }: CheckHistoryProps) {
  return (
    <Stack component="section" spacing={1} aria-labelledby="checks-heading">
      <Typography id="checks-heading" variant="h6" component="h2">
        {texts.checks}
      </Typography>
      {checks.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {texts.noChecks}
        </Typography>
      )}
      <div>
        {checks.map((check, index) => {
          const at = formatDateTime(check.checkedAt);
          return (
            <Accordion
              key={`${check.checkedAt}-${index}`}
              defaultExpanded={index === 0}
              disableGutters
              variant="outlined"
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ flexWrap: 'wrap', alignItems: 'center' }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {at}
                  </Typography>
                  <Chip
                    size="small"
                    label={RESULT_LABEL[check.result]}
                    color={check.result === 'checked' ? 'default' : 'error'}
                  />
                  {check.result === 'checked' && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={check.changed ? texts.changed : texts.unchanged}
                    />
                  )}
                </Stack>
              </AccordionSummary>
              <AccordionDetails>
                <Stack spacing={1}>
                  {check.gdsTime && (
                    <Typography variant="caption" color="text.secondary">
                      {texts.gdsTime(formatDateTime(check.gdsTime))}
                    </Typography>
                  )}
                  {check.error && <Alert severity="error">{check.error}</Alert>}
                  {check.decisions.length > 0 && (
                    <CheckDecisionsList decisions={check.decisions} label={texts.decisionsOf(at)} />
                  )}
                </Stack>
              </AccordionDetails>
            </Accordion>
          );
        })}
      </div>
    </Stack>
  );
}
