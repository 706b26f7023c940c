import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { LIFECYCLE_STEPS, lifecycleStepOf, type NotificationDetails } from '@smt/shared';
import { FieldGrid } from '@/components/ui/field-grid';
import { onAgentsClock } from '@/lib/agent-clock';
import { DetailsCard } from './details-card';
import { detailsTexts } from './details-texts';

type PnrCardProps = { details: NotificationDetails };

/** The booking: where it is in its life, who made it, its remarks and alerts. */
export function PnrCard({ details }: PnrCardProps) {
  const { pnr } = details.data;
  const step = lifecycleStepOf({
    isDeparted: pnr.is_departed,
    isTicketed: pnr.is_ticketed,
    isVoidable: pnr.is_voidable,
  });
  const active = LIFECYCLE_STEPS.indexOf(step);
  const { alerts, remarks } = details.payload;
  const showRemarks = details.header.group !== 'RESCHEDULE' && remarks.length > 0;

  return (
    <DetailsCard title={`${detailsTexts.pnrCard} ${pnr.id}`}>
      <Stack spacing={2}>
        <Stepper
          activeStep={active}
          alternativeLabel
          role="group"
          aria-label={`${detailsTexts.lifecycle}: ${step}`}
        >
          {LIFECYCLE_STEPS.map((label, index) => (
            <Step
              key={label}
              completed={index < active}
              aria-current={index === active ? 'step' : undefined}
            >
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <FieldGrid
          fields={[
            { label: detailsTexts.pnrId, value: pnr.id },
            { label: detailsTexts.branch, value: pnr.pcc },
            { label: detailsTexts.creator, value: pnr.creator },
          ]}
        />
        {showRemarks && (
          <Stack spacing={0.5}>
            <Typography variant="caption" color="text.secondary" component="h4">
              {detailsTexts.remarks}
            </Typography>
            {remarks.map((remark, index) => (
              <Typography key={index} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {remark}
              </Typography>
            ))}
          </Stack>
        )}
        {alerts.length > 0 && (
          <Stack spacing={1} aria-label={detailsTexts.alerts} role="list">
            {alerts.map((alert, index) => (
              <Alert key={index} severity="warning" role="listitem">
                {onAgentsClock(alert.text)}
              </Alert>
            ))}
          </Stack>
        )}
      </Stack>
    </DetailsCard>
  );
}
