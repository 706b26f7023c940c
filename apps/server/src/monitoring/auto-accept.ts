import type { GdsClient } from '@/gds/gds-client';
import type { Candidate } from './detectors/detector';

// A branch may let the engine accept minor schedule changes (docs/decisions/042): it does so
// in the GDS before the check's transaction, as an agent's Approve would, and the notification
// is raised already Complete so the agent still sees what changed and that it was accepted.

export const ACCEPTED_AUTOMATICALLY = 'Accepted automatically';

/**
 * Candidates after the GDS has been asked to accept the ones marked for it: accepted ones
 * carry `acceptedAutomatically`; a refused one stays pending with the GDS's reason, for the agent.
 */
export async function acceptMinorChanges(
  gds: GdsClient,
  locator: string,
  candidates: Candidate[],
): Promise<Candidate[]> {
  if (!candidates.some((candidate) => candidate.autoAccept)) return candidates;
  // One call accepts every pending change of the booking, as the GDS's own command does. A
  // call that fails outright is a refusal too: the change is still raised, for the agent.
  const result = await gds.acceptScheduleChange(locator).catch((error: unknown) => ({
    ok: false as const,
    message: error instanceof Error ? error.message : String(error),
  }));
  return candidates.map((candidate) => {
    if (!candidate.autoAccept) return candidate;
    if (!result.ok) {
      return {
        ...candidate,
        alerts: [...candidate.alerts, { text: `Not accepted automatically: ${result.message}` }],
      };
    }
    return {
      ...candidate,
      titleMessage: `${ACCEPTED_AUTOMATICALLY}: ${candidate.titleMessage}`,
      reason: `${candidate.reason ?? candidate.titleMessage}; ${ACCEPTED_AUTOMATICALLY.toLowerCase()}`,
      acceptedAutomatically: true,
    };
  });
}
