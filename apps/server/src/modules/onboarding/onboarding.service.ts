import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import { auditChange, type Actor } from '@/modules/audit';
import { fail } from './onboarding.errors';
import { seatAgencyManager } from './onboarding.repository';

// A new registered user adds their agency and runs it from then on (docs/decisions/018).

export const onboardingMessages = {
  alreadyInAgency: 'You already have an agency. Further agencies are added by a super user.',
} as const;

const alreadyInAgency = () =>
  fail('onboarding.already-in-agency', onboardingMessages.alreadyInAgency);

/** Whether adding an agency makes it the caller's own: for everyone but a super user. */
export function addsOwnAgency(scope: Scope): boolean {
  return scope.kind !== 'superUser';
}

/** Refuses before anything is written when the caller already sits in an agency. */
export function assertMayAddOwnAgency(scope: Scope): void {
  if (scope.kind !== 'none') throw alreadyInAgency();
}

/**
 * In the transaction that made the agency: its maker becomes its agency manager, audited. A
 * concurrent second onboarding finds the user seated already and rolls its agency back.
 */
export async function seatAsAgencyManager(
  tx: Db,
  actor: Actor,
  agencyId: number,
  now: Date,
): Promise<void> {
  if (!(await seatAgencyManager(tx, actor.userId, agencyId, now))) throw alreadyInAgency();
  await auditChange(tx, actor, {
    action: 'user.onboard',
    entityType: 'user',
    entityId: actor.userId,
    details: { agencyId, role: 'ROLE_SA_AGENCY_MANAGER_USER' },
  });
}
