import { INACTIVE_SEGMENT_STATUSES, localTimeText, SEGMENT_STATUS_MEANING } from '@smt/shared';
import { localOf } from '@/gds/airport-time';
import {
  candidateOf,
  departureMs,
  durationText,
  flightText,
  isAhead,
  isClosed,
} from '@/monitoring/notification-data-of';
import type { Detector, Explainer, DetectorModule } from './detector';
import { isLapsed, lapseAlertPending } from './ticketing-due';

// Statuses that hold no seat and earn ADMs when left in (docs/decisions/038); UN is a schedule
// change and belongs to Reschedule.
const inactive: readonly string[] = INACTIVE_SEGMENT_STATUSES;

const HOUR_MS = 3_600_000;

export const detectSegmentRemoval: Detector = ({ current, now, pending }, settings) => {
  if (!settings.segmentRemoval.enabled || isClosed(current, now)) return [];
  // A booking that lapsed at its time limit gets one alert, the deadline's, naming every
  // segment to remove (docs/decisions/059), where the branch raises that alert; while that
  // alert is pending it speaks for them, even once the time limit line has left the PNR.
  if (settings.ticketingDue.enabled && (isLapsed(current, now) || lapseAlertPending(pending)))
    return [];
  const leadMs = settings.segmentRemoval.removeByHours * HOUR_MS;
  return current.segments.flatMap((segment) => {
    // A segment whose departure is behind it holds nothing to remove in time.
    if (!inactive.includes(segment.status) || !isAhead(segment, now)) return [];
    const meaning = SEGMENT_STATUS_MEANING[segment.status];
    // With its time: the inactive segment is often the same flight a day after the one the
    // booking keeps (a waitlist beside it), and a day alone reads as a wrong date.
    const flight = flightText(segment);
    const key = `C:${segment.id}:${segment.status}`;
    // On the departure airport's clock, as the flight's own time is.
    const removeBy = localTimeText(localOf(departureMs(segment) - leadMs, segment.from));
    const left = departureMs(segment) - now.getTime();
    const inactiveAlert = {
      text: `Flight ${flight} is ${segment.status} (${meaning}): remove it to avoid an ADM`,
    };
    // Inside the lead time airlines allow, the alert comes again, sharper, in place of the first.
    if (left <= leadMs) {
      return [
        candidateOf(current, now, {
          type: 'SegmentRemoval',
          title: 'Inactive segment',
          titleMessage: `Remove ${segment.status} flight ${flight} now`,
          alerts: [
            inactiveAlert,
            {
              text: `Departure in ${durationText(Math.max(0, Math.floor(left / 60_000)))}: past the ${settings.segmentRemoval.removeByHours}-hour limit (${removeBy}), the airline may charge an ADM`,
            },
          ],
          dedupeKey: `${key}:late`,
          segmentIds: [segment.id],
          supersedes: pending
            .filter((notice) => notice.type === 'SegmentRemoval' && notice.dedupeKey === key)
            .map((notice) => notice.id),
        }),
      ];
    }
    return [
      candidateOf(current, now, {
        type: 'SegmentRemoval',
        title: 'Inactive segment',
        titleMessage: `Remove ${segment.status} flight ${flight}`,
        alerts: [inactiveAlert, { text: `Remove it by ${removeBy}` }],
        dedupeKey: key,
        segmentIds: [segment.id],
      }),
    ];
  });
};

export const explainSegmentRemoval: Explainer = ({ current, now, pending }, settings) =>
  settings.ticketingDue.enabled && (isLapsed(current, now) || lapseAlertPending(pending))
    ? 'the booking lapsed at its time limit: the deadline alert names the segments to remove'
    : `no segment still to leave is ${INACTIVE_SEGMENT_STATUSES.slice(0, -1).join(', ')} or ${INACTIVE_SEGMENT_STATUSES.at(-1)}`;

export const segmentRemovalDetector: DetectorModule = {
  type: 'SegmentRemoval',
  detect: detectSegmentRemoval,
  explain: explainSegmentRemoval,
};
