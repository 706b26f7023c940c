import { z } from 'zod';
import { ROUTES, type AppRoute } from '../routes';
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
  ManagedAgencyPage,
  ManagedAgentPage,
  ManagedBranchPage,
  ManagedUserPage,
  UserActivationBody,
  UserCreateBody,
  UserCsvQuery,
  UserDeleteBody,
  UserListQuery,
  UserStatusBody,
  UserUpdateBody,
} from '../schemas/management';
import type { Refusal } from '../refusals/refusals';
import { defineCall, pathsOf } from './define-call';

// The management calls of SPEC §7.2 (users, agents) and ours in the same style (agencies,
// branches): each kind has the same six calls, made here from its schemas. Changes are form
// POSTs answering the new id or `{ ok: true }`; lists and CSV files are GETs of a search.

/** The answer of a change that has nothing to tell but that it was done. */
export const Done = z.object({ ok: z.literal(true) });

function kindCalls<
  Base extends string,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Status extends z.ZodType,
  Remove extends z.ZodType,
  List extends z.ZodType,
  Csv extends z.ZodType,
  Page extends z.ZodType,
>(
  base: Base,
  kind: {
    /** The page that adds one, and the page that manages them: who may call. */
    add: AppRoute;
    manage: AppRoute;
    create: Create;
    update: Update;
    status: Status;
    remove: Remove;
    list: List;
    csv: Csv;
    page: Page;
    /** What each of the kind's calls may refuse (the list's also stand for its CSV file's). */
    refusals: Record<'create' | 'update' | 'updateStatus' | 'remove' | 'list', readonly Refusal[]>;
  },
) {
  const { create, update, status, remove, list, page, csv } = kind;
  const change = <Path extends string, Body extends z.ZodType, Answer extends z.ZodType>(
    path: Path,
    access: AppRoute,
    body: Body,
    answer: Answer,
    refusals: readonly Refusal[],
  ) => defineCall({ method: 'POST', path, access, body, answer, refusals });
  return {
    create: change(`${base}/create`, kind.add, create, CreatedId, kind.refusals.create),
    update: change(`${base}/update`, kind.manage, update, Done, kind.refusals.update),
    updateStatus: change(
      `${base}/updateStatus`,
      kind.manage,
      status,
      Done,
      kind.refusals.updateStatus,
    ),
    remove: change(`${base}/delete`, kind.manage, remove, Done, kind.refusals.remove),
    list: defineCall({
      method: 'GET',
      path: `${base}/getList`,
      access: kind.manage,
      query: list,
      answer: page,
      refusals: kind.refusals.list,
    }),
    csv: defineCall({
      method: 'GET',
      path: `${base}/csv`,
      access: kind.manage,
      query: csv,
      refusals: kind.refusals.list,
    }),
  };
}

const agency = kindCalls('admin/management/agency', {
  add: ROUTES.addAgency,
  manage: ROUTES.agency,
  create: AgencyCreateBody,
  update: AgencyUpdateBody,
  status: AgencyStatusBody,
  remove: AgencyDeleteBody,
  list: AgencyListQuery,
  csv: AgencyCsvQuery,
  page: ManagedAgencyPage,
  refusals: {
    create: ['onboarding.already-in-agency', 'management.duplicate'],
    update: ['management.agency-outside', 'management.duplicate'],
    updateStatus: ['management.agency-outside'],
    remove: ['management.agency-outside', 'management.in-use'],
    list: ['management.agency-outside', 'management.branch-outside'],
  },
});
const branch = kindCalls('admin/management/branch', {
  add: ROUTES.addBranch,
  manage: ROUTES.branches,
  create: BranchCreateBody,
  update: BranchUpdateBody,
  status: BranchStatusBody,
  remove: BranchDeleteBody,
  list: BranchListQuery,
  csv: BranchCsvQuery,
  page: ManagedBranchPage,
  refusals: {
    create: [
      'management.agency-outside',
      'management.taken',
      'management.conflicts-limited',
      'management.duplicate',
    ],
    update: [
      'management.branch-outside',
      'management.agency-outside',
      'management.branch-move',
      'management.taken',
      'management.conflicts-limited',
      'management.duplicate',
    ],
    updateStatus: ['management.branch-outside'],
    remove: ['management.branch-outside', 'management.in-use'],
    list: ['management.agency-outside', 'management.branch-outside'],
  },
});
const agent = kindCalls('admin/management/agent', {
  add: ROUTES.addAgent,
  manage: ROUTES.agents,
  create: AgentCreateBody,
  update: AgentUpdateBody,
  status: AgentStatusBody,
  remove: AgentDeleteBody,
  list: AgentListQuery,
  csv: AgentCsvQuery,
  page: ManagedAgentPage,
  refusals: {
    create: ['management.branch-outside', 'management.duplicate'],
    update: [
      'management.agent-outside',
      'management.branch-outside',
      'management.agent-move',
      'management.duplicate',
    ],
    updateStatus: ['management.agent-outside'],
    remove: ['management.agent-outside', 'management.in-use'],
    list: ['management.agency-outside', 'management.branch-outside'],
  },
});
const user = kindCalls('admin/management/user', {
  // Users are added from their list page.
  add: ROUTES.users,
  manage: ROUTES.users,
  create: UserCreateBody,
  update: UserUpdateBody,
  status: UserStatusBody,
  remove: UserDeleteBody,
  list: UserListQuery,
  csv: UserCsvQuery,
  page: ManagedUserPage,
  refusals: {
    create: [
      'management.role-not-yours',
      'management.place-outside',
      'management.taken',
      'management.conflicts-limited',
      'management.duplicate',
    ],
    update: [
      'management.user-outside',
      'management.role-not-yours',
      'management.place-outside',
      'management.taken',
      'management.conflicts-limited',
      'management.duplicate',
    ],
    updateStatus: ['management.user-outside', 'management.not-yourself'],
    remove: ['management.user-outside', 'management.not-yourself', 'management.in-use'],
    list: ['management.place-outside'],
  },
});

/** Each kind's six calls, as the server routes them alike. */
export const managedKindCalls = { agency, branch, agent, user };

export const managementCalls = {
  agencyCreate: agency.create,
  agencyUpdate: agency.update,
  agencyUpdateStatus: agency.updateStatus,
  agencyDelete: agency.remove,
  agencyList: agency.list,
  agencyCsv: agency.csv,
  branchCreate: branch.create,
  branchUpdate: branch.update,
  branchUpdateStatus: branch.updateStatus,
  branchDelete: branch.remove,
  branchList: branch.list,
  branchCsv: branch.csv,
  agentCreate: agent.create,
  agentUpdate: agent.update,
  agentUpdateStatus: agent.updateStatus,
  agentDelete: agent.remove,
  agentList: agent.list,
  agentCsv: agent.csv,
  userCreate: user.create,
  userUpdate: user.update,
  userUpdateStatus: user.updateStatus,
  userUpdateActivation: defineCall({
    method: 'POST',
    path: 'admin/management/user/updateActivation',
    access: ROUTES.users,
    body: UserActivationBody,
    answer: Done,
    refusals: ['management.user-outside', 'management.not-yourself'],
  }),
  userDelete: user.remove,
  userList: user.list,
  userCsv: user.csv,
};
export type ManagementCall = keyof typeof managementCalls;

/** Each management call's path under /api, for a caller that names it (a test, say). */
export const MANAGEMENT_CALLS = pathsOf(managementCalls);
