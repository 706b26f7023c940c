import {
  AgencyItem,
  AgentItem,
  BranchItem,
  ListAgenciesQuery,
  ListAgentsQuery,
  ListBranchesQuery,
  NOTIFICATION_CALLS,
  ROUTES,
} from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '@/lib/app-error';
import { authOf } from '@/plugins/auth';
import { listAgencies, listAgents, listBranches } from './organisation.repository';

/** The organisation filter's menus (SPEC §7.2): what of the organisation the caller may see. */
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['organisation'];
  const db = app.database.db;
  const config = { access: ROUTES.home };

  app.get(
    `/api/${NOTIFICATION_CALLS.listAgencies}`,
    {
      config,
      schema: {
        tags,
        summary: 'The agencies the caller may see',
        querystring: ListAgenciesQuery,
        response: { 200: z.array(AgencyItem) },
      },
    },
    async (request) =>
      (await listAgencies(db, authOf(request).scope)).map(({ id, name }) => ({ id, name })),
  );

  app.get(
    `/api/${NOTIFICATION_CALLS.listBranches}`,
    {
      config,
      schema: {
        tags,
        summary: "The branches the caller may see, or one agency's",
        querystring: ListBranchesQuery,
        response: { 200: z.array(BranchItem) },
      },
    },
    async (request) => {
      const { scope } = authOf(request);
      const { agencyId } = request.query;
      if (agencyId !== undefined) {
        const visible = await listAgencies(db, scope);
        if (!visible.some((agency) => agency.id === agencyId)) {
          throw forbidden('You may not see the branches of that agency.');
        }
      }
      const rows = await listBranches(db, scope, { agencyId });
      return rows.map(({ id, pcc, name }) => ({ id, pcc, name }));
    },
  );

  app.get(
    `/api/${NOTIFICATION_CALLS.listAgents}`,
    {
      config,
      schema: {
        tags,
        summary: "The agents the caller may see, or one branch's",
        querystring: ListAgentsQuery,
        response: { 200: z.array(AgentItem) },
      },
    },
    async (request) => {
      const { scope } = authOf(request);
      const { branchId } = request.query;
      if (branchId !== undefined) {
        const visible = await listBranches(db, scope);
        if (!visible.some((branch) => branch.id === branchId)) {
          throw forbidden('You may not see the agents of that branch.');
        }
      }
      const rows = await listAgents(db, scope, { branchId });
      return rows.map(({ id, initials, name }) => ({ id, initials, name }));
    },
  );
};
