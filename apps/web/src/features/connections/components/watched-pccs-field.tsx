import TextField from '@mui/material/TextField';
import { connectionsTexts as texts } from './connections-texts';

type WatchedPccsFieldProps = {
  /** The agency's branches' PCCs; null until an agency is chosen or while they load. */
  pccs: readonly string[] | null;
};

/**
 * The PCCs a Sabre connection watches, shown and not asked: they are the agency's branches',
 * set on the Branches page.
 */
export function WatchedPccsField({ pccs }: WatchedPccsFieldProps) {
  return (
    <TextField
      fullWidth
      label={texts.watchedPccs}
      value={pccs === null ? '' : pccs.length === 0 ? texts.noWatchedPccs : pccs.join(', ')}
      helperText={texts.watchedPccsHint}
      slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
    />
  );
}
