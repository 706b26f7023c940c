import { format } from 'date-fns';

/** The user's calendar day of an instant, as 'yyyy-MM-dd' (the date inputs' own form). */
export function localDay(instant: Date): string {
  return format(instant, 'yyyy-MM-dd');
}
