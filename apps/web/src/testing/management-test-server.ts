import {
  managementCalls,
  NOTIFICATION_CALLS,
  type ManagedAgency,
  type ManagedAgent,
  type ManagedBranch,
  type ManagedUser,
  type ManagementCall,
} from '@smt/shared';
import { stubFetch, type Handler } from './stub-fetch';

// Test-only: stands in for the management calls and the organisation choices. Form posts are
// URLSearchParams, so each request keeps its query and its form as such.

export type SentRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
};
type ChoiceCall = 'listAgencies' | 'listBranches' | 'listAgents';
type CallName = ManagementCall | ChoiceCall;

const isManagementCall = (call: CallName): call is ManagementCall => call in managementCalls;
const pathOfCall = (call: CallName) =>
  `/api/${isManagementCall(call) ? managementCalls[call].path : NOTIFICATION_CALLS[call]}`;
const methodOfCall = (call: CallName) =>
  isManagementCall(call) ? managementCalls[call].method : 'GET';

/** Answers the named calls (200 `{ ok: true }` unless told); any other call is a 404. */
export function stubManagementServer(handlers: Partial<Record<CallName, Handler<SentRequest>>>) {
  const byKey = new Map<string, Handler<SentRequest>>();
  for (const [call, handler] of Object.entries(handlers)) {
    byKey.set(`${methodOfCall(call as CallName)} ${pathOfCall(call as CallName)}`, handler);
  }
  const requests = stubFetch(
    (url, init): SentRequest => ({
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : ''),
    }),
    (request) => byKey.get(`${request.method} ${request.path}`),
    { ok: true },
  );
  return {
    requests,
    /** The requests made to one call. */
    to: (call: CallName) => requests.filter((request) => request.path === pathOfCall(call)),
  };
}

/** A form or query as a plain object, to compare whole bodies. */
export const fieldsOf = (params: URLSearchParams) => Object.fromEntries(params.entries());

export const page = <T>(items: T[], total = items.length) => ({ body: { items, total } });

export const conflict = (message: string) => ({
  status: 409,
  body: { code: 'CONFLICT', message },
});

export const serverError = { status: 500, body: { code: 'INTERNAL', message: 'Boom' } };

export const agency = (id: number, overrides: Partial<ManagedAgency> = {}): ManagedAgency => ({
  id,
  name: `Agency ${id}`,
  enabled: true,
  ...overrides,
});

export const branch = (id: number, overrides: Partial<ManagedBranch> = {}): ManagedBranch => ({
  id,
  name: `Branch ${id}`,
  pcc: `PC${id}`,
  agencyId: 1,
  agencyName: 'Agency 1',
  enabled: true,
  ...overrides,
});

export const agent = (id: number, overrides: Partial<ManagedAgent> = {}): ManagedAgent => ({
  id,
  name: `Agent ${id}`,
  initials: `A${id}`,
  branchId: 7,
  pcc: 'PC7',
  agencyId: 1,
  enabled: true,
  ...overrides,
});

export const user = (id: number, overrides: Partial<ManagedUser> = {}): ManagedUser => ({
  id,
  name: `User ${id}`,
  email: `user${id}@demo.test`,
  deviceNumber: `+97250000000${id}`,
  roles: ['ROLE_SA_AGENT_USER'],
  agencyId: 1,
  agencyName: 'Agency 1',
  branchId: 7,
  branchPcc: 'PC7',
  agentId: 21,
  enabled: true,
  activated: true,
  ...overrides,
});
