import { INACTIVE_SEGMENT_STATUSES, localTimeText, SEGMENT_STATUS_MEANING } from '@smt/shared';
import { candidateOf, flightName, isClosed } from '@/monitoring/notification-data-of';
import type { Detector, Explainer } from './detector';

// Statuses that hold no seat and earn ADMs when left in (docs/decisions/038); UN is a schedule
// change and belongs to Reschedule.
const inactive: readonly string[] = INACTIVE_SEGMENT_STATUSES;

export const detectSegmentRemoval: Detector = ({ current, now }, settings) => {
  if (!settings.segmentRemoval.enabled || isClosed(current, now)) return [];
  return current.segments.flatMap((segment) => {
    if (!inactive.includes(segment.status)) return [];
    const meaning = SEGMENT_STATUS_MEANING[segment.status];
    // With its time: the inactive segment is often the same flight a day after the one the
    // booking keeps (a waitlist beside it), and a day alone reads as a wrong date.
    const flight = `${flightName(segment)} ${segment.from}-${segment.to} on ${localTimeText(segment.departure)}`;
    return [
      candidateOf(current, now, {
        type: 'SegmentRemoval',
        title: 'Inactive segment',
        titleMessage: `Remove ${segment.status} flight ${flight}`,
        alerts: [
          {
            text: `Flight ${flight} is ${segment.status} (${meaning}): remove it to avoid an ADM`,
          },
        ],
        dedupeKey: `C:${segment.id}:${segment.status}`,
        segmentIds: [segment.id],
      }),
    ];
  });
};

export const explainSegmentRemoval: Explainer = () =>
  `no segment is ${INACTIVE_SEGMENT_STATUSES.slice(0, -1).join(', ')} or ${INACTIVE_SEGMENT_STATUSES.at(-1)}`;
