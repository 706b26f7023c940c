import type { GdsClient } from '@/gds/gds-client';
import type { Candidate, PendingNotice } from './detectors/detector';

// A branch may let the engine accept minor schedule changes (docs/decisions/042): it does so
// in the GDS before the check's transaction, as an agent's Approve would, and the notification
// is raised already Complete so the agent still sees what changed and that it was accepted.
// Exactly the changes graded minor are taken (docs/decisions/061): one at a time where the
// provider allows it; where it can only take every pending change at once, a booking with any
// other change, major or still waiting for the agent, is left to the agent whole.

export const ACCEPTED_AUTOMATICALLY = 'Accepted automatically';

const ANOTHER_CHANGE_WAITS =
  'Not accepted automatically: this reservation system accepts every pending change at once, and another change of this booking is for the agent';

type Refusal = { ok: false; message: string };

const refusalOf = (error: unknown): Refusal => ({
  ok: false,
  message: error instanceof Error ? error.message : String(error),
});

function accepted(candidate: Candidate): Candidate {
  return {
    ...candidate,
    titleMessage: `${ACCEPTED_AUTOMATICALLY}: ${candidate.titleMessage}`,
    reason: `${candidate.reason ?? candidate.titleMessage}; ${ACCEPTED_AUTOMATICALLY.toLowerCase()}`,
    acceptedAutomatically: true,
  };
}

const refused = (candidate: Candidate, text: string): Candidate => ({
  ...candidate,
  alerts: [...candidate.alerts, { text }],
});

/**
 * Candidates after the GDS has been asked to accept the ones marked for it: accepted ones
 * carry `acceptedAutomatically`; a refused one stays pending with the GDS's reason, for the
 * agent. `pending` is the booking's notifications already waiting, some of which may be
 * schedule changes for the agent.
 */
export async function acceptMinorChanges(
  gds: GdsClient,
  locator: string,
  candidates: Candidate[],
  pending: PendingNotice[] = [],
): Promise<Candidate[]> {
  const wanted = candidates.filter((candidate) => candidate.autoAccept);
  if (wanted.length === 0) return candidates;

  if (gds.capabilities.acceptsChanges === 'each') {
    const outcome = new Map<Candidate, Candidate>();
    for (const candidate of wanted) {
      // A call that fails outright is a refusal too: the change is still raised, for the agent.
      const result = await gds.acceptScheduleChange(locator, candidate.segmentIds).catch(refusalOf);
      outcome.set(
        candidate,
        result.ok
          ? accepted(candidate)
          : refused(candidate, `Not accepted automatically: ${result.message}`),
      );
    }
    return candidates.map((candidate) => outcome.get(candidate) ?? candidate);
  }

  // One call takes every pending change: only when each of them is one graded minor here.
  const replaced = new Set(wanted.flatMap((candidate) => candidate.supersedes));
  const otherChange =
    candidates.some((c) => c.type === 'Reschedule' && !c.autoAccept) ||
    pending.some((n) => n.type === 'Reschedule' && !replaced.has(n.id));
  if (otherChange)
    return candidates.map((c) => (c.autoAccept ? refused(c, ANOTHER_CHANGE_WAITS) : c));
  const result = await gds.acceptScheduleChange(locator).catch(refusalOf);
  return candidates.map((candidate) => {
    if (!candidate.autoAccept) return candidate;
    return result.ok
      ? accepted(candidate)
      : refused(candidate, `Not accepted automatically: ${result.message}`);
  });
}
