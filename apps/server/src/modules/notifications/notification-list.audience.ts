import type { FetchType } from '@smt/shared';
import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import type { Audience } from './notification-list.query';
import { allInScope } from './notification-list.repository';
import { fail } from './notifications.errors';

/** The "whose notifications" part of a list, counter or home request. */
export type AudienceFilter = {
  fetchType: FetchType;
  agencyIds: number[];
  branchIds: number[];
  agentIds: number[];
};

/** Who is asking: the effective user's own agent identity and their data scope. */
export type Caller = { user: { agentId: number | null }; scope: Scope };

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Whose notifications a call may read, or null for nobody. Every id the client names must lie
 * in the caller's scope, else the call is refused before anything is read. Personal means the
 * caller's own agent identity, or the agents they picked (an agent with multi-agent access
 * picks among their branch's); all means the whole scope narrowed by the ids.
 */
export async function audienceOf(
  db: Db,
  caller: Caller,
  filter: AudienceFilter,
): Promise<Audience | null> {
  const ids = {
    agencyIds: unique(filter.agencyIds),
    branchIds: unique(filter.branchIds),
    agentIds: unique(filter.agentIds),
  };
  const named = ids.agencyIds.length + ids.branchIds.length + ids.agentIds.length > 0;
  if (named && !(await allInScope(db, caller.scope, ids))) {
    throw fail(
      'notifications.audience-outside',
      'You may not see the notifications of that agency, branch or agent.',
    );
  }
  if (caller.scope.kind === 'none') return null;
  if (filter.fetchType === 'personal' && ids.agentIds.length === 0) {
    const own = caller.user.agentId;
    if (own === null) return null;
    return { scope: caller.scope, ...ids, agentIds: [own] };
  }
  return { scope: caller.scope, ...ids };
}
