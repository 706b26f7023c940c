import { localTimeText, type SegmentStatus } from '@smt/shared';
import { candidateOf, flightName, isClosed } from '@/monitoring/notification-data-of';
import type { Detector, Explainer } from './detector';

// UN is a schedule change and belongs to Reschedule; these stay behind and earn ADMs.
const MEANING: Partial<Record<SegmentStatus, string>> = {
  HX: 'cancelled by the airline',
  NO: 'no action taken',
  UC: 'unable to confirm',
};

export const detectSegmentRemoval: Detector = ({ current, now }, settings) => {
  if (!settings.segmentRemoval.enabled || isClosed(current, now)) return [];
  return current.segments.flatMap((segment) => {
    const meaning = MEANING[segment.status];
    if (!meaning) return [];
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

export const explainSegmentRemoval: Explainer = () => 'no segment is HX, NO or UC';
