import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import { fail } from './organisation.errors';
import {
  listAgencies,
  listAgents,
  listBranches,
  type AgentFilter,
} from './organisation.repository';

/** A menu under a parent the caller may name (none: the whole scope), if they may see it. */
const menuUnder =
  <Row>(
    parents: (db: Db, scope: Scope) => Promise<{ id: number }[]>,
    refusal: () => Error,
    rows: (db: Db, scope: Scope, parentId: number | undefined) => Promise<Row[]>,
  ) =>
  async (db: Db, scope: Scope, parentId: number | undefined): Promise<Row[]> => {
    const visible =
      parentId === undefined || (await parents(db, scope)).some(({ id }) => id === parentId);
    if (!visible) throw refusal();
    return rows(db, scope, parentId);
  };

const branchesUnder = menuUnder(
  listAgencies,
  () => fail('organisation.agency-outside', 'You may not see the branches of that agency.'),
  (db, scope, agencyId) => listBranches(db, scope, { agencyId }),
);
const agentsUnder = (filter: Omit<AgentFilter, 'branchId'>) =>
  menuUnder(
    listBranches,
    () => fail('organisation.branch-outside', 'You may not see the agents of that branch.'),
    (db, scope, branchId) => listAgents(db, scope, { ...filter, branchId }),
  );

/** The organisation filter's menus (SPEC §7.2): what of the organisation the caller may see. */
export function createOrganisation(deps: { db: Db }) {
  const { db } = deps;

  return {
    agencies: (scope: Scope) => listAgencies(db, scope),

    branches: (scope: Scope, agencyId: number | undefined) => branchesUnder(db, scope, agencyId),

    agents: (scope: Scope, branchId: number | undefined, filter: Omit<AgentFilter, 'branchId'>) =>
      agentsUnder(filter)(db, scope, branchId),
  };
}
