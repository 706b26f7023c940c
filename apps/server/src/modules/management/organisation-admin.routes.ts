import { managedKindCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CsvColumn } from './management-csv';
import { routeKind, searchOf } from './management-kind-routes';
import { createOrganisationAdmin, type CheckedCaller } from './organisation-admin.service';
import * as repo from './organisation-admin.repository';

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
  const check = (caller: CheckedCaller, filter: { agencyId?: number; branchId?: number }) =>
    admin.checkFilter(caller, filter);
  // An agency search names no agency or branch to check.
  const anyAgencySearch = async () => {};

  routeKind(app, {
    list: 'agencies',
    calls: calls.agency,
    summaries: {
      create: 'Adds an agency',
      update: 'Renames an agency',
      updateStatus: 'Enables or disables an agency',
      remove: 'Deletes an agency nothing refers to (409 otherwise: disable it instead)',
      list: 'A page of the agencies the caller may manage, searched by name',
      csv: 'Every agency of a search, as a CSV file',
    },
    create: (caller, body) => admin.createAgency(caller, body),
    update: (caller, body) => admin.updateAgency(caller, body),
    updateStatus: (caller, body) => admin.setAgencyEnabled(caller, body),
    remove: (caller, body) => admin.deleteAgency(caller, body),
    ...searchOf(db, anyAgencySearch, repo.selectAgencies, repo.countAgencies),
    columns: AGENCY_CSV,
  });

  routeKind(app, {
    list: 'branches',
    calls: calls.branch,
    summaries: {
      create: 'Adds a branch to an agency the caller runs',
      update: "Changes a branch's name and PCC",
      updateStatus: 'Enables or disables a branch',
      remove: 'Deletes a branch nothing refers to (409 otherwise: disable it instead)',
      list: 'A page of the branches the caller may manage, searched by name or PCC',
      csv: 'Every branch of a search, as a CSV file',
    },
    create: (caller, body) => admin.createBranch(caller, body),
    update: (caller, body) => admin.updateBranch(caller, body),
    updateStatus: (caller, body) => admin.setBranchEnabled(caller, body),
    remove: (caller, body) => admin.deleteBranch(caller, body),
    ...searchOf(db, check, repo.selectBranches, repo.countBranches),
    columns: BRANCH_CSV,
  });

  routeKind(app, {
    list: 'agents',
    calls: calls.agent,
    summaries: {
      create: 'Adds an agent to a branch the caller may manage',
      update: "Changes an agent's name and initials",
      updateStatus: 'Enables or disables an agent',
      remove: 'Deletes an agent nothing refers to (409 otherwise: disable it instead)',
      list: 'A page of the agents the caller may manage, searched by name or initials',
      csv: 'Every agent of a search, as a CSV file',
    },
    create: (caller, body) => admin.createAgent(caller, body),
    update: (caller, body) => admin.updateAgent(caller, body),
    updateStatus: (caller, body) => admin.setAgentEnabled(caller, body),
    remove: (caller, body) => admin.deleteAgent(caller, body),
    ...searchOf(db, check, repo.selectAgents, repo.countAgents),
    columns: AGENT_CSV,
  });
};
