import { managedKindCalls as calls } from '@smt/shared';
import { fieldColumns } from './management-csv';
import { routeKind } from './management-kind-routes';
import type * as repo from './organisation-admin.repository';
import { routesUsing } from '@/routes-using';

const AGENCY_CSV = fieldColumns<repo.AgencyRow>({ ID: 'id', Name: 'name', Enabled: 'enabled' });
const BRANCH_CSV = fieldColumns<repo.BranchRow>({
  ID: 'id',
  PCC: 'pcc',
  Name: 'name',
  Agency: 'agencyName',
  Enabled: 'enabled',
});
const AGENT_CSV = fieldColumns<repo.AgentRow>({
  ID: 'id',
  Initials: 'initials',
  Name: 'name',
  Branch: 'pcc',
  Enabled: 'enabled',
});

/** The agency, branch and agent management pages (SPEC §2.11, §7.2 and ours alike). */
export const organisationAdminRoutes = routesUsing(
  ['organisationAdmin', 'clock'],
  async (app, { organisationAdmin: admin, clock }) => {
    routeKind(app, clock, {
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
      service: admin.agency,
      columns: AGENCY_CSV,
    });

    routeKind(app, clock, {
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
      service: admin.branch,
      columns: BRANCH_CSV,
    });

    routeKind(app, clock, {
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
      service: admin.agent,
      columns: AGENT_CSV,
    });
  },
);
