import { startOfTomorrow } from 'date-fns';
import { useEffect, useState } from 'react';

/** Today's date, renewed at midnight so a shell left open overnight does not show yesterday. */
export function useToday(): Date {
  const [today, setToday] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setToday(new Date()), startOfTomorrow().getTime() - Date.now());
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}
