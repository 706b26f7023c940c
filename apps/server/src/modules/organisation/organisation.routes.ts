import { notificationCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import { routeCalls } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
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
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  routeCalls(app, { tags: ['organisation'] }, calls, {
    listAgencies: {
      summary: 'The agencies the caller may see',
      handle: async (_input, request) =>
        (await listAgencies(db, authOf(request).scope)).map(({ id, name }) => ({ id, name })),
    },
    listBranches: {
      summary: "The branches the caller may see, or one agency's",
      handle: async ({ query }, request) =>
        (await branchesUnder(db, authOf(request).scope, query.agencyId)).map(
          ({ id, pcc, name }) => ({ id, pcc, name }),
        ),
    },
    listAgents: {
      summary: "The agents the caller may see, or one branch's",
      description:
        'With withoutUser, only the agents no user is placed at (the choices of a new agent ' +
        "user), keeping keepingUser's own agent among them.",
      handle: async ({ query: { branchId, ...filter } }, request) =>
        (await agentsUnder(filter)(db, authOf(request).scope, branchId)).map(
          ({ id, initials, name }) => ({ id, initials, name }),
        ),
    },
  });
};
