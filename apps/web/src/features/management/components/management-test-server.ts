import {
  managementCalls,
  NOTIFICATION_CALLS,
  type ManagedAgency,
  type ManagedAgent,
  type ManagedBranch,
  type ManagedUser,
  type ManagementCall,
} from '@smt/shared';
import { vi } from 'vitest';

// Test-only: stands in for the management calls and the organisation choices. Form posts are
// URLSearchParams, so each request keeps its query and its form as such.

export type SentRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
};
type Answer = { status?: number; body?: unknown };
type Handler = Answer | ((request: SentRequest) => Answer);
type ChoiceCall = 'listAgencies' | 'listBranches' | 'listAgents';
type CallName = ManagementCall | ChoiceCall;

const isManagementCall = (call: CallName): call is ManagementCall => call in managementCalls;
const pathOfCall = (call: CallName) =>
  `/api/${isManagementCall(call) ? managementCalls[call].path : NOTIFICATION_CALLS[call]}`;
const methodOfCall = (call: CallName) =>
  isManagementCall(call) ? managementCalls[call].method : 'GET';

/** Answers the named calls (200 `{ ok: true }` unless told); any other call is a 404. */
export function stubManagementServer(handlers: Partial<Record<CallName, Handler>>) {
  const requests: SentRequest[] = [];
  const byKey = new Map<string, Handler>();
  for (const [call, handler] of Object.entries(handlers)) {
    byKey.set(`${methodOfCall(call as CallName)} ${pathOfCall(call as CallName)}`, handler);
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
      const request: SentRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : ''),
      };
      requests.push(request);
      const handler = byKey.get(`${request.method} ${request.path}`);
      const answer: Answer = handler
        ? typeof handler === 'function'
          ? handler(request)
          : handler
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      return new Response(JSON.stringify(answer.body ?? { ok: true }), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
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
