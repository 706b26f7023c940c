import {
  AgencyCreateBody,
  AgencyCsvQuery,
  AgencyDeleteBody,
  AgencyListQuery,
  AgencyStatusBody,
  AgencyUpdateBody,
  AgentCreateBody,
  AgentCsvQuery,
  AgentDeleteBody,
  AgentListQuery,
  AgentStatusBody,
  AgentUpdateBody,
  BranchCreateBody,
  BranchCsvQuery,
  BranchDeleteBody,
  BranchListQuery,
  BranchStatusBody,
  BranchUpdateBody,
  CreatedId,
  MANAGEMENT_CALLS as CALLS,
  ManagedAgencyPage,
  ManagedAgentPage,
  ManagedBranchPage,
  ROUTES,
} from '@smt/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '@/plugins/auth';
import { managementCsv, managementCsvFileName, type CsvColumn } from './management-csv';
import { createOrganisationAdmin, type CheckedCaller } from './organisation-admin.service';
import * as repo from './organisation-admin.repository';

const Done = z.object({ ok: z.literal(true) });
const done = { ok: true as const };

const AGENCY_CSV: CsvColumn<repo.AgencyRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Name', value: (row) => row.name },
  { header: 'Enabled', value: (row) => row.enabled },
];
const BRANCH_CSV: CsvColumn<repo.BranchRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'PCC', value: (row) => row.pcc },
  { header: 'Name', value: (row) => row.name },
  { header: 'Agency', value: (row) => row.agencyName },
  { header: 'Enabled', value: (row) => row.enabled },
];
const AGENT_CSV: CsvColumn<repo.AgentRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Initials', value: (row) => row.initials },
  { header: 'Name', value: (row) => row.name },
  { header: 'Branch', value: (row) => row.pcc },
  { header: 'Enabled', value: (row) => row.enabled },
];

/** The agency, branch and agent management pages (SPEC §2.11, §7.2 and ours alike). */
export const organisationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const admin = createOrganisationAdmin({ db, clock: app.clock });
  const tags = ['management'];
  const path = (call: string) => `/api/${call}`;
  const callerOf = (request: FastifyRequest): CheckedCaller => {
    const { user, realUser, scope } = authOf(request);
    return { userId: user.id, realUserId: realUser.id, realUserRoles: realUser.roles, scope };
  };
  const sendCsv = <Row>(
    request: FastifyRequest,
    reply: FastifyReply,
    list: string,
    columns: CsvColumn<Row>[],
    rows: Row[],
  ) =>
    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${managementCsvFileName(list, app.clock.now())}"`,
      )
      .send(
        managementCsv(columns, rows, (error) =>
          request.log.error({ err: error }, `${list} CSV failed while streaming`),
        ),
      );

  // ---- agencies
  app.post(
    path(CALLS.agencyCreate),
    {
      config: { access: ROUTES.addAgency },
      schema: {
        tags,
        summary: 'Adds an agency',
        body: AgencyCreateBody,
        response: { 200: CreatedId },
      },
    },
    async (request) => admin.createAgency(callerOf(request), request.body),
  );
  app.post(
    path(CALLS.agencyUpdate),
    {
      config: { access: ROUTES.agency },
      schema: {
        tags,
        summary: 'Renames an agency',
        body: AgencyUpdateBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.updateAgency(callerOf(request), request.body), done),
  );
  app.post(
    path(CALLS.agencyUpdateStatus),
    {
      config: { access: ROUTES.agency },
      schema: {
        tags,
        summary: 'Enables or disables an agency',
        body: AgencyStatusBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.setAgencyEnabled(callerOf(request), request.body), done),
  );
  app.post(
    path(CALLS.agencyDelete),
    {
      config: { access: ROUTES.agency },
      schema: {
        tags,
        summary: 'Deletes an agency nothing refers to (409 otherwise: disable it instead)',
        body: AgencyDeleteBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.deleteAgency(callerOf(request), request.body), done),
  );
  app.get(
    path(CALLS.agencyList),
    {
      config: { access: ROUTES.agency },
      schema: {
        tags,
        summary: 'A page of the agencies the caller may manage, searched by name',
        querystring: AgencyListQuery,
        response: { 200: ManagedAgencyPage },
      },
    },
    async (request) => {
      const { scope } = callerOf(request);
      const { offset, limit, ...filter } = request.query;
      const [items, total] = await Promise.all([
        repo.selectAgencies(db, scope, filter, { offset, limit }),
        repo.countAgencies(db, scope, filter),
      ]);
      return { items, total };
    },
  );
  app.get(
    path(CALLS.agencyCsv),
    {
      config: { access: ROUTES.agency },
      schema: {
        tags,
        summary: 'Every agency of a search, as a CSV file',
        querystring: AgencyCsvQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const rows = await repo.selectAgencies(db, callerOf(request).scope, request.query);
      return sendCsv(request, reply, 'agencies', AGENCY_CSV, rows);
    },
  );

  // ---- branches
  app.post(
    path(CALLS.branchCreate),
    {
      config: { access: ROUTES.addBranch },
      schema: {
        tags,
        summary: 'Adds a branch to an agency the caller runs',
        body: BranchCreateBody,
        response: { 200: CreatedId },
      },
    },
    async (request) => admin.createBranch(callerOf(request), request.body),
  );
  app.post(
    path(CALLS.branchUpdate),
    {
      config: { access: ROUTES.branches },
      schema: {
        tags,
        summary: "Changes a branch's name and PCC",
        body: BranchUpdateBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.updateBranch(callerOf(request), request.body), done),
  );
  app.post(
    path(CALLS.branchUpdateStatus),
    {
      config: { access: ROUTES.branches },
      schema: {
        tags,
        summary: 'Enables or disables a branch',
        body: BranchStatusBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.setBranchEnabled(callerOf(request), request.body), done),
  );
  app.post(
    path(CALLS.branchDelete),
    {
      config: { access: ROUTES.branches },
      schema: {
        tags,
        summary: 'Deletes a branch nothing refers to (409 otherwise: disable it instead)',
        body: BranchDeleteBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.deleteBranch(callerOf(request), request.body), done),
  );
  app.get(
    path(CALLS.branchList),
    {
      config: { access: ROUTES.branches },
      schema: {
        tags,
        summary: 'A page of the branches the caller may manage, searched by name or PCC',
        querystring: BranchListQuery,
        response: { 200: ManagedBranchPage },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { offset, limit, ...filter } = request.query;
      await admin.checkFilter(caller, filter);
      const [items, total] = await Promise.all([
        repo.selectBranches(db, caller.scope, filter, { offset, limit }),
        repo.countBranches(db, caller.scope, filter),
      ]);
      return { items, total };
    },
  );
  app.get(
    path(CALLS.branchCsv),
    {
      config: { access: ROUTES.branches },
      schema: {
        tags,
        summary: 'Every branch of a search, as a CSV file',
        querystring: BranchCsvQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await admin.checkFilter(caller, request.query);
      const rows = await repo.selectBranches(db, caller.scope, request.query);
      return sendCsv(request, reply, 'branches', BRANCH_CSV, rows);
    },
  );

  // ---- agents
  app.post(
    path(CALLS.agentCreate),
    {
      config: { access: ROUTES.addAgent },
      schema: {
        tags,
        summary: 'Adds an agent to a branch the caller may manage',
        body: AgentCreateBody,
        response: { 200: CreatedId },
      },
    },
    async (request) => admin.createAgent(callerOf(request), request.body),
  );
  app.post(
    path(CALLS.agentUpdate),
    {
      config: { access: ROUTES.agents },
      schema: {
        tags,
        summary: "Changes an agent's name and initials",
        body: AgentUpdateBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.updateAgent(callerOf(request), request.body), done),
  );
  app.post(
    path(CALLS.agentUpdateStatus),
    {
      config: { access: ROUTES.agents },
      schema: {
        tags,
        summary: 'Enables or disables an agent',
        body: AgentStatusBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.setAgentEnabled(callerOf(request), request.body), done),
  );
  app.post(
    path(CALLS.agentDelete),
    {
      config: { access: ROUTES.agents },
      schema: {
        tags,
        summary: 'Deletes an agent nothing refers to (409 otherwise: disable it instead)',
        body: AgentDeleteBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.deleteAgent(callerOf(request), request.body), done),
  );
  app.get(
    path(CALLS.agentList),
    {
      config: { access: ROUTES.agents },
      schema: {
        tags,
        summary: 'A page of the agents the caller may manage, searched by name or initials',
        querystring: AgentListQuery,
        response: { 200: ManagedAgentPage },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { offset, limit, ...filter } = request.query;
      await admin.checkFilter(caller, filter);
      const [items, total] = await Promise.all([
        repo.selectAgents(db, caller.scope, filter, { offset, limit }),
        repo.countAgents(db, caller.scope, filter),
      ]);
      return { items, total };
    },
  );
  app.get(
    path(CALLS.agentCsv),
    {
      config: { access: ROUTES.agents },
      schema: {
        tags,
        summary: 'Every agent of a search, as a CSV file',
        querystring: AgentCsvQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await admin.checkFilter(caller, request.query);
      const rows = await repo.selectAgents(db, caller.scope, request.query);
      return sendCsv(request, reply, 'agents', AGENT_CSV, rows);
    },
  );
};
