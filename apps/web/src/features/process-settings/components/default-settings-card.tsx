import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProcessSettingsValues } from '@smt/shared';
import { FieldGrid, type Field } from '@/components/ui/field-grid';
import { ActiveProcesses, minimumSavingText } from './active-processes';
import { processSettingsTexts as texts } from './process-settings-texts';

const P = texts.params;

/** Each process's thresholds and choices, in the order the form shows them. */
const thresholds = (settings: ProcessSettingsValues): Field[] => [
  { label: texts.minimumSaving, value: minimumSavingText(settings) },
  { label: P.offerStricterFares.short, value: texts.offered(settings.offerStricterFares) },
  {
    label: P.reissueFee.short,
    value: texts.fee(settings.reissueFee, settings.reissueFeeCurrency),
  },
  { label: P.voidWindowHours.short, value: texts.voidWindow(settings.voidWindowHours) },
  { label: P.creditReprices.short, value: texts.creditReprices[settings.creditReprices] },
  { label: P.creditWarningDays.short, value: texts.days(settings.creditWarningDays) },
  { label: texts.ticketingWindow, value: texts.hours(settings.ticketingWindowHours) },
  { label: P.lastCallHours.short, value: texts.hoursBeforeDeadline(settings.lastCallHours) },
  { label: P.minorShiftMinutes.short, value: texts.minutes(settings.minorShiftMinutes) },
  {
    label: P.minorShiftMinutesDomestic.short,
    value: texts.minutes(settings.minorShiftMinutesDomestic),
  },
  { label: P.earlierShiftMinutes.short, value: texts.minutes(settings.earlierShiftMinutes) },
  { label: P.minConnectionMinutes.short, value: texts.minutes(settings.minConnectionMinutes) },
  { label: P.connectionOverrides.short, value: texts.byAirport(settings.connectionOverrides) },
  { label: P.autoAcceptMinor.short, value: texts.accepted(settings.autoAcceptMinor) },
  { label: P.escalateAfterHours.short, value: texts.hours(settings.escalateAfterHours) },
  { label: P.removeByHours.short, value: texts.hoursBeforeDeparture(settings.removeByHours) },
  { label: P.minCancellations.short, value: texts.cancellations(settings.minCancellations) },
  { label: P.requestChaseHours.short, value: texts.hours(settings.requestChaseHours) },
];

type DefaultSettingsCardProps = {
  settings: ProcessSettingsValues;
  /** Super users only. */
  onEdit?: (() => void) | undefined;
};

/** The system default every branch without settings of its own runs with. */
export function DefaultSettingsCard({ settings, onEdit }: DefaultSettingsCardProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={texts.defaultSettings}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1.5 }}
      >
        <div>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {texts.defaultSettings}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {texts.defaultFollowers}
          </Typography>
        </div>
        {onEdit && (
          <Button startIcon={<EditIcon />} onClick={onEdit} sx={{ flexShrink: 0 }}>
            {texts.editDefault}
          </Button>
        )}
      </Stack>
      <Stack spacing={1.5}>
        {/* The processes take the card's whole width; their thresholds share rows. */}
        <Box component="dl" sx={{ m: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {texts.activeProcesses}
          </Typography>
          <Box component="dd" sx={{ m: 0, mt: 0.5 }}>
            <ActiveProcesses settings={settings} />
          </Box>
        </Box>
        <FieldGrid minColumnWidth={140} fields={thresholds(settings)} />
      </Stack>
    </Paper>
  );
}
