import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { EngineStatus } from '@smt/shared';
import { formatDateTime } from '@/lib/format';
import { healthTexts } from './health-texts';

type EngineErrorsProps = { errors: EngineStatus['lastErrors'] };

/** The workers' newest errors, newest first. */
export function EngineErrors({ errors }: EngineErrorsProps) {
  if (errors.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {healthTexts.noErrors}
      </Typography>
    );
  return (
    <List dense disablePadding>
      {errors.map((error, index) => (
        <ListItem key={`${error.at}-${index}`} disableGutters divider>
          <ListItemText
            primary={error.message}
            secondary={formatDateTime(error.at)}
            slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
