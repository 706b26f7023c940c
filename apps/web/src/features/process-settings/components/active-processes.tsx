import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PROCESS_FIELDS,
  PROCESS_LABELS,
  SETTINGS_PROCESSES,
  type ProcessSettingsValues,
} from '@smt/shared';
import { processSettingsTexts as texts } from './process-settings-texts';

/** The processes a branch runs, each with its cadence; 'None' when all are off. */
export function ActiveProcesses({ settings }: { settings: ProcessSettingsValues }) {
  const active = SETTINGS_PROCESSES.filter((process) => settings[PROCESS_FIELDS[process].enabled]);
  if (active.length === 0) {
    return <Typography variant="body2">{texts.none}</Typography>;
  }
  return (
    <Stack
      component="ul"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
    >
      {active.map((process) => (
        <Chip
          key={process}
          component="li"
          size="small"
          variant="outlined"
          label={`${PROCESS_LABELS[process]} · ${texts.every(settings[PROCESS_FIELDS[process].interval])}`}
          // A narrow card wraps a long label rather than cutting it.
          sx={{
            height: 'auto',
            maxWidth: '100%',
            '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
          }}
        />
      ))}
    </Stack>
  );
}

/** The reprice threshold as the list shows it. */
export const minimumSavingText = (settings: ProcessSettingsValues) =>
  texts.saving(settings.minSavingAmount, settings.minSavingPercent) || texts.noMinimum;
