import { DATE_FORMAT } from '@smt/shared';
import { format } from 'date-fns';

/** The page header's date line, e.g. 'Sunday, 22/11/2026'. */
export function formatPageDate(date: Date): string {
  return format(date, `EEEE, ${DATE_FORMAT}`);
}
