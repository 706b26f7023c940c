import Typography from '@mui/material/Typography';
import { formatISO } from 'date-fns';
import { useToday } from '@/features/shell/hooks/use-today';
import { formatPageDate } from '@/features/shell/utils/format-page-date';

/** The page header's line with today's weekday and date (SPEC §2.13). */
export function PageDateLine() {
  const today = useToday();
  return (
    <Typography variant="subtitle2" component="p" color="text.secondary" sx={{ mb: 2 }}>
      <time dateTime={formatISO(today, { representation: 'date' })}>{formatPageDate(today)}</time>
    </Typography>
  );
}
