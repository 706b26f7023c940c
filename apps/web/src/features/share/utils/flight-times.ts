import { localDayText, type PublicSegment } from '@smt/shared';
import { formatFlightTime } from '@/lib/format';

const CLOCK = /^\d{4}-\d{2}-\d{2}[ T](\d{2}:\d{2})/;

export type FlightTime = { date: string; time: string };

/**
 * A segment's 'yyyy-MM-dd HH:mm' as 'dd/MM/yyyy' and 'HH:mm'. The time is the airport's own,
 * so the text is rearranged, never read through the browser's time zone; empty when absent.
 */
export function splitFlightTime(local: string | undefined): FlightTime {
  if (!local) return { date: '', time: '' };
  return { date: localDayText(local), time: CLOCK.exec(local)?.[1] ?? '' };
}

/** 'dd/MM/yyyy HH:mm', or empty when the segment has no such time. */
export const flightDateTime = (local: string | undefined) => (local ? formatFlightTime(local) : '');

export const routeOf = (segment: PublicSegment) => `${segment.origin} – ${segment.dest}`;
