import type { GdsBooking, SegmentHistoryEntry } from '@/gds/gds-types';
import { localTimeText } from '@smt/shared';
import {
  candidateOf,
  dayOf,
  isActiveSegment,
  isAhead,
  isClosed,
  personKey,
} from '@/monitoring/notification-data-of';
import type { CheckInput, Detector, DetectorModule, Explainer, TravellerBooking } from './detector';

/**
 * How long a cancelled booking of the same passenger counts towards churning in the PNR that
 * rebooked the flight: airlines count rebookings 'independent of the class and PNR' (British
 * Airways), and a rebooking to stretch a ticketing deadline follows the lapse within days
 * (docs/decisions/063).
 */
export const CHURN_WINDOW_DAYS = 30;

type Churned = {
  flight: string;
  date: string;
  departure: string;
  count: number;
  /** The other PNRs of the same passenger whose cancellations are counted, by locator. */
  elsewhere: string[];
};

const flightOf = (entry: Pick<SegmentHistoryEntry, 'airline' | 'flightNumber'>) =>
  `${entry.airline}${entry.flightNumber}`;
const keyOf = (entry: Pick<SegmentHistoryEntry, 'airline' | 'flightNumber' | 'departure'>) =>
  `${flightOf(entry)}:${dayOf(entry.departure)}`;

/** Cancellations per flight (airline, number, departure date), in the history's order. */
function cancellationsOf(history: SegmentHistoryEntry[]): Map<string, Churned> {
  const byFlight = new Map<string, Churned>();
  for (const entry of history.filter((e) => e.action === 'CANCELLED')) {
    const key = keyOf(entry);
    const seen = byFlight.get(key) ?? {
      flight: flightOf(entry),
      date: dayOf(entry.departure),
      departure: entry.departure,
      count: 0,
      elsewhere: [],
    };
    byFlight.set(key, { ...seen, count: seen.count + 1 });
  }
  return byFlight;
}

const sharesPassenger = (current: GdsBooking, other: TravellerBooking) => {
  const mine = new Set(current.passengers.map(personKey));
  return other.passengers.some((person) => mine.has(personKey(person)));
};

/**
 * The booking's own cancellations per flight and day, and, for each flight ahead it holds now
 * (the rebooking), the cancellations of the same flight and day in the agency's other PNRs of
 * the same passenger: live ones, and cancelled ones made within the window.
 */
function churnOf({ current, now, travellers }: CheckInput): Churned[] {
  const churned = cancellationsOf(current.history);
  const since = now.getTime() - CHURN_WINDOW_DAYS * 86_400_000;
  const others = (travellers ?? []).filter(
    (other) =>
      sharesPassenger(current, other) &&
      (!other.isCancelled || Date.parse(other.createdAt) >= since),
  );
  const held = current.segments.filter((s) => isActiveSegment(s) && isAhead(s, now));
  for (const key of new Set(held.map(keyOf))) {
    const segment = held.find((s) => keyOf(s) === key);
    if (!segment) continue;
    for (const other of others) {
      // Cancelled by the agent (its history), or let lapse at the time limit: the airline's
      // HX on a PNR nobody cancelled. Either way the seat was let go and booked again here.
      const count = [
        ...other.history.filter((e) => e.action === 'CANCELLED' && keyOf(e) === key),
        ...(other.isCancelled
          ? []
          : other.segments.filter((s) => s.status === 'HX' && keyOf(s) === key)),
      ];
      if (count.length === 0) continue;
      const seen = churned.get(key) ?? {
        flight: flightOf(segment),
        date: dayOf(segment.departure),
        departure: segment.departure,
        count: 0,
        elsewhere: [],
      };
      churned.set(key, {
        ...seen,
        count: seen.count + count.length,
        elsewhere: [...seen.elsewhere, other.locator].sort(),
      });
    }
  }
  return [...churned.values()];
}

const keyPrefix = (flight: string, date: string) => `ADM:${flight}:${date}:`;

export const detectChurning: Detector = (input, settings) => {
  const { current, now, pending } = input;
  if (!settings.churning.enabled || isClosed(current, now)) return [];
  return churnOf(input)
    .filter(({ count }) => count >= settings.churning.minCancellations)
    .map(({ flight, date, departure, count, elsewhere }) => {
      // One pending alert per flight and day: a higher count replaces the one it outgrew.
      const outgrown = pending.filter(
        (notice) =>
          notice.type === 'Churning' &&
          notice.dedupeKey.startsWith(keyPrefix(flight, date)) &&
          Number(notice.dedupeKey.slice(keyPrefix(flight, date).length)) < count,
      );
      const when = localTimeText(departure);
      const across =
        elsewhere.length > 0 ? ` across PNRs ${[current.locator, ...elsewhere].join(', ')}` : '';
      return candidateOf(current, now, {
        type: 'Churning',
        title: 'Churning',
        titleMessage: `${flight} on ${when} cancelled ${count} times${across}`,
        alerts: [
          {
            text: `Flight ${flight} on ${when} was booked and cancelled ${count} times${across}: the airline may charge an ADM for churning`,
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

export const explainChurning: Explainer = (input, settings) => {
  const most = Math.max(0, ...churnOf(input).map(({ count }) => count));
  return `no flight cancelled ${settings.churning.minCancellations} times (most: ${most})`;
};

export const churningDetector: DetectorModule = {
  type: 'Churning',
  detect: detectChurning,
  explain: explainChurning,
};
