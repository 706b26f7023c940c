import { notificationCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { fail } from './organisation.errors';
import { listAgencies, listAgents, listBranches } from './organisation.repository';

/** The organisation filter's menus (SPEC §7.2): what of the organisation the caller may see. */
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['organisation'];
  const db = app.database.db;

  routeCall(
    app,
    calls.listAgencies,
    { tags, summary: 'The agencies the caller may see' },
    async (_input, request) =>
      (await listAgencies(db, authOf(request).scope)).map(({ id, name }) => ({ id, name })),
  );

  routeCall(
    app,
    calls.listBranches,
    { tags, summary: "The branches the caller may see, or one agency's" },
    async ({ query }, request) => {
      const { scope } = authOf(request);
      const { agencyId } = query;
      if (agencyId !== undefined) {
        const visible = await listAgencies(db, scope);
        if (!visible.some((agency) => agency.id === agencyId)) {
          throw fail('organisation.agency-outside', 'You may not see the branches of that agency.');
        }
      }
      const rows = await listBranches(db, scope, { agencyId });
      return rows.map(({ id, pcc, name }) => ({ id, pcc, name }));
    },
  );

  routeCall(
    app,
    calls.listAgents,
    { tags, summary: "The agents the caller may see, or one branch's" },
    async ({ query }, request) => {
      const { scope } = authOf(request);
      const { branchId } = query;
      if (branchId !== undefined) {
        const visible = await listBranches(db, scope);
        if (!visible.some((branch) => branch.id === branchId)) {
          throw fail('organisation.branch-outside', 'You may not see the agents of that branch.');
        }
      }
      const rows = await listAgents(db, scope, { branchId });
      return rows.map(({ id, initials, name }) => ({ id, initials, name }));
    },
  );
};
