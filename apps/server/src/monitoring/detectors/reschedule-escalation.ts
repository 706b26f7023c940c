import type { GdsBooking } from '@/gds/gds-types';
import {
  departureMs,
  durationText,
  flightName,
  isAhead,
  isClosed,
} from '@/monitoring/notification-data-of';
import type { PendingNotice, Reviser, Revision } from './detector';

const HOUR = 3_600_000;

export type EscalationStage = 1 | 2;

/**
 * How long before the changed flight leaves each stage comes at the latest (docs/decisions/064):
 * the agent is reminded by the time online check-in opens (24 h), and the branch's managers are
 * told while there is still time to reach the traveller before they leave for the airport.
 */
export const ESCALATION_LEAD_HOURS: Record<EscalationStage, number> = { 1: 24, 2: 6 };

/**
 * When a stage of the chase of a change raised at `raisedMs` is due: `stage` × the branch's
 * hours after it was raised, or its lead before the flight leaves, whichever comes first.
 */
export const escalationDueAt = (
  stage: EscalationStage,
  raisedMs: number,
  departsMs: number,
  hours: number,
): number =>
  Math.min(raisedMs + stage * hours * HOUR, departsMs - ESCALATION_LEAD_HOURS[stage] * HOUR);

/** The first of the change's flights still ahead, the one the chase runs against. */
function firstAhead(notice: PendingNotice, booking: GdsBooking, now: Date) {
  return booking.segments
    .filter((s) => notice.segmentIds.includes(s.id) && isAhead(s, now))
    .sort((a, b) => departureMs(a) - departureMs(b))[0];
}

/** The stage a pending schedule change has reached by `now`, or 0; none once its flights left. */
export function escalationStageOf(
  notice: PendingNotice,
  booking: GdsBooking,
  now: Date,
  hours: number,
): 0 | EscalationStage {
  if (notice.type !== 'Reschedule' || !notice.raisedAt) return 0;
  const flight = firstAhead(notice, booking, now);
  if (!flight) return 0;
  const raisedMs = Date.parse(notice.raisedAt);
  const due = (stage: EscalationStage) =>
    now.getTime() >= escalationDueAt(stage, raisedMs, departureMs(flight), hours);
  return due(2) ? 2 : due(1) ? 1 : 0;
}

const minutesBetween = (fromMs: number, toMs: number) =>
  Math.max(0, Math.round((toMs - fromMs) / 60_000));

/**
 * Pending schedule changes nobody handled, chased a stage further (docs/decisions/064): the
 * alert says so, and the engine marks it unread again and sends it, to the agent at stage 1
 * and to the branch's managers at stage 2.
 */
export const escalateReschedule: Reviser = ({ current, now, pending }, settings) => {
  if (!settings.reschedule.enabled || isClosed(current, now)) return [];
  return pending.flatMap((notice): Revision[] => {
    const stage = escalationStageOf(notice, current, now, settings.reschedule.escalateAfterHours);
    const flight = firstAhead(notice, current, now);
    if (stage === 0 || stage <= (notice.escalation ?? 0) || !flight || !notice.raisedAt) return [];
    const waited = durationText(minutesBetween(Date.parse(notice.raisedAt), now.getTime()));
    const leaves = durationText(minutesBetween(now.getTime(), departureMs(flight)));
    const text =
      stage === 1
        ? `Not handled after ${waited}; ${flightName(flight)} leaves in ${leaves}: reminded to the agent`
        : `Not handled after ${waited}; ${flightName(flight)} leaves in ${leaves}: told to the branch's managers`;
    return [
      {
        id: notice.id,
        titleMessage: notice.titleMessage ?? '',
        alerts: [...(notice.alerts ?? []), { text }],
        potentialSaving: notice.potentialSaving,
        reason:
          stage === 1 ? `reminded the agent after ${waited}` : `told the managers after ${waited}`,
        escalation: stage,
      },
    ];
  });
};
