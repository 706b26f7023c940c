import { formatFlightTime } from '@/lib/format';

export type CentrePnrSummary = { route: string; flight: string; time: string } | { text: string };

// 'TLV-LHR LY315 2026-12-13 10:00': route, flight, then the flight's local time.
const SUMMARY =
  /^([A-Z]{3}(?:-[A-Z]{3})+)\s+([A-Z0-9]{2}\d{1,4}[A-Z]?)\s+(\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2})?)$/;
const LOCAL_TIME = /\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2})?/g;

/** A card's booking summary, its time as dd/MM/yyyy HH:mm; any other form shown as it came. */
export function centrePnrSummaryOf(summary: string): CentrePnrSummary {
  const match = SUMMARY.exec(summary.trim());
  if (match) {
    const [, route = '', flight = '', time = ''] = match;
    return { route, flight, time: formatFlightTime(time) };
  }
  return { text: summary.replace(LOCAL_TIME, (time) => formatFlightTime(time)) };
}
