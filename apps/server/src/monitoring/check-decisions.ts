import { utcTimeText, type DetectorDecision, type NotificationType } from '@smt/shared';
import type {
  Candidate,
  CheckInput,
  DetectorSettings,
  Revision,
  Withdrawal,
} from './detectors/detector';
import { DETECTOR_MODULES, isDetectorEnabled } from './detectors';
import { unsupportedReason, type ProviderSupport } from './detectors/provider-support';
import { isClosed, isDeparted } from './notification-data-of';

export type CheckJudgement = {
  input: CheckInput;
  /** The branch's settings, before what the provider cannot support is switched off. */
  settings: DetectorSettings;
  /** The booking's reservation system; absent, it supports every detector. */
  support?: ProviderSupport;
  /** When fares are next shopped, or null when they were shopped on this check. */
  repriceNextAt: Date | null;
  /** Why the fares shopped on this check could not be read; absent or null when they were. */
  faresError?: string | null;
  candidates: Candidate[];
  /** The notifications this check wrote; a candidate already raised before writes none. */
  created: { id: number; type: NotificationType }[];
  withdrawn: Withdrawal[];
  /** Pending notifications updated in place; absent, none. */
  revised?: Revision[];
};

const ORDER = Object.keys(DETECTOR_MODULES) as NotificationType[];

const gdsMinute = (at: Date) => utcTimeText(at);

function decisionOf(type: NotificationType, judgement: CheckJudgement): DetectorDecision {
  const { input, settings, repriceNextAt, candidates, created, withdrawn } = judgement;
  const decided = (outcome: DetectorDecision['outcome'], reason: string, ids: number[] = []) => ({
    detector: type,
    outcome,
    reason,
    notificationIds: ids,
  });
  const unsupported = judgement.support ? unsupportedReason(type, judgement.support) : null;
  if (unsupported !== null) return decided('skipped', unsupported);
  if (!isDetectorEnabled(type, settings))
    return decided('skipped', "off in the branch's process settings");
  // The sweep warns of credits by date, cancelled and flown bookings' included.
  if (type === 'CreditExpiry')
    return decided('skipped', DETECTOR_MODULES[type].explain(input, settings));
  if (isClosed(input.current, input.now))
    return decided(
      'skipped',
      input.current.isCancelled ? 'the booking is cancelled' : 'every flight has flown',
    );
  if ((type === 'Reprice' || type === 'TicketingDue') && isDeparted(input.current, input.now))
    return decided(
      'skipped',
      type === 'Reprice'
        ? 'the trip has begun: fares are repriced only before the first departure'
        : 'the trip has begun: the ticketing time limit is behind it',
    );
  if (type === 'Reprice' && repriceNextAt !== null)
    return decided('skipped', `fares are shopped next at ${gdsMinute(repriceNextAt)}`);
  // The other detectors ran without them; fares are shopped again at the next check.
  if (type === 'Reprice' && judgement.faresError)
    return decided('skipped', `the fares could not be read: ${judgement.faresError}`);

  const mine = candidates.filter((candidate) => candidate.type === type);
  const made = created.filter((notification) => notification.type === type).map((n) => n.id);
  if (made.length > 0)
    return decided(
      'raised',
      mine.map((candidate) => candidate.reason ?? candidate.titleMessage).join('; '),
      made,
    );
  if (mine.length > 0)
    return decided('nothing', `already raised: ${mine.map((c) => c.titleMessage).join('; ')}`);
  const mineOf = <T extends { id: number }>(items: T[]) =>
    items.filter(({ id }) => input.pending.some((n) => n.id === id && n.type === type));
  const dropped = mineOf(withdrawn);
  const updated = mineOf(judgement.revised ?? []);
  // What this check did to the alerts already pending, each with its reason (decision 060).
  const done = [
    ...dropped.map(({ id, reason }) => `withdrew #${id}: ${reason}`),
    ...updated.map(({ id, reason }) => `updated #${id}: ${reason}`),
  ];
  if (done.length > 0) return decided('nothing', done.join('; '));
  return decided('nothing', DETECTOR_MODULES[type].explain(input, settings));
}

/** What each detector decided on one check and why, in the panels' group order. */
export function decisionsOf(judgement: CheckJudgement): DetectorDecision[] {
  return ORDER.map((type) => decisionOf(type, judgement));
}
