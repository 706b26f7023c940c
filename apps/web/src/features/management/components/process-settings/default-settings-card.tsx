import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProcessSettingsValues } from '@smt/shared';
import { FieldGrid } from '@/components/ui/field-grid';
import { ActiveProcesses, minimumSavingText } from './active-processes';
import { processSettingsTexts as texts } from './process-settings-texts';

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
        {/* The processes take the card's whole width; the two thresholds share a row. */}
        <Box component="dl" sx={{ m: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {texts.activeProcesses}
          </Typography>
          <Box component="dd" sx={{ m: 0, mt: 0.5 }}>
            <ActiveProcesses settings={settings} />
          </Box>
        </Box>
        <FieldGrid
          minColumnWidth={160}
          fields={[
            { label: texts.minimumSaving, value: minimumSavingText(settings) },
            { label: texts.ticketingWindow, value: texts.hours(settings.ticketingWindowHours) },
          ]}
        />
      </Stack>
    </Paper>
  );
}
