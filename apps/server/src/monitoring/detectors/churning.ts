import type { SegmentHistoryEntry } from '@/gds/gds-types';
import { localTimeText } from '@smt/shared';
import { candidateOf, dayOf, isClosed } from '@/monitoring/notification-data-of';
import type { Detector, Explainer } from './detector';

type Churned = { flight: string; date: string; departure: string; count: number };

/** Cancellations per flight (airline, number, departure date), in the history's order. */
function cancellationsOf(history: SegmentHistoryEntry[]): Churned[] {
  const byFlight = new Map<string, Churned>();
  for (const entry of history.filter((e) => e.action === 'CANCELLED')) {
    const flight = `${entry.airline}${entry.flightNumber}`;
    const date = dayOf(entry.departure);
    const key = `${flight}:${date}`;
    const seen = byFlight.get(key) ?? { flight, date, departure: entry.departure, count: 0 };
    byFlight.set(key, { ...seen, count: seen.count + 1 });
  }
  return [...byFlight.values()];
}

const keyPrefix = (flight: string, date: string) => `ADM:${flight}:${date}:`;

export const detectChurning: Detector = ({ current, now, pending }, settings) => {
  if (!settings.churning.enabled || isClosed(current, now)) return [];
  return cancellationsOf(current.history)
    .filter(({ count }) => count >= settings.churning.minCancellations)
    .map(({ flight, date, departure, count }) => {
      // One pending alert per flight and day: a higher count replaces the one it outgrew.
      const outgrown = pending.filter(
        (notice) =>
          notice.type === 'Churning' &&
          notice.dedupeKey.startsWith(keyPrefix(flight, date)) &&
          Number(notice.dedupeKey.slice(keyPrefix(flight, date).length)) < count,
      );
      return candidateOf(current, now, {
        type: 'Churning',
        title: 'Churning',
        titleMessage: `${flight} on ${localTimeText(departure)} cancelled ${count} times`,
        alerts: [
          {
            text: `Flight ${flight} on ${localTimeText(departure)} was booked and cancelled ${count} times: the airline may charge an ADM for churning`,
          },
        ],
        // The count is part of the key: one more cancellation is news again.
        dedupeKey: `${keyPrefix(flight, date)}${count}`,
        segmentIds: current.segments
          .filter((s) => `${s.airline}${s.flightNumber}` === flight && dayOf(s.departure) === date)
          .map((s) => s.id),
        supersedes: outgrown.map((notice) => notice.id),
      });
    });
};

export const explainChurning: Explainer = ({ current }, settings) => {
  const most = Math.max(0, ...cancellationsOf(current.history).map(({ count }) => count));
  return `no flight cancelled ${settings.churning.minCancellations} times (most: ${most})`;
};
