import {
  ACCOUNT_CALLS,
  DESIGN_PROPERTIES_CALLS,
  HEALTH_CALLS,
  MANAGEMENT_CALLS,
  PNR_TOOL_CALLS,
  PROCESS_SETTINGS_CALLS,
  ROUTES,
  isRouteAllowed,
  managementMethodOf,
  routeRolesOf,
  type ManagementCall,
  type ServerRole,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

type Role = keyof typeof DEMO;

// The page of ROUTES whose roles decide each call (the brief's table).
const PAGE_OF: Record<ManagementCall, keyof typeof ROUTES> = {
  agencyCreate: 'addAgency',
  agencyUpdate: 'agency',
  agencyUpdateStatus: 'agency',
  agencyDelete: 'agency',
  agencyList: 'agency',
  agencyCsv: 'agency',
  branchCreate: 'addBranch',
  branchUpdate: 'branches',
  branchUpdateStatus: 'branches',
  branchDelete: 'branches',
  branchList: 'branches',
  branchCsv: 'branches',
  agentCreate: 'addAgent',
  agentUpdate: 'agents',
  agentUpdateStatus: 'agents',
  agentDelete: 'agents',
  agentList: 'agents',
  agentCsv: 'agents',
  // Managers add users from the users page (docs/decisions/017).
  userCreate: 'users',
  userUpdate: 'users',
  userUpdateStatus: 'users',
  userUpdateActivation: 'users',
  userDelete: 'users',
  userList: 'users',
  userCsv: 'users',
};

type Call = { name: string; method: 'GET' | 'POST'; path: string; page: keyof typeof ROUTES };

// Every call behind a management page of SPEC §2.1: the organisation's, and the tools'.
const CALLS: readonly Call[] = [
  ...(Object.keys(MANAGEMENT_CALLS) as ManagementCall[]).map((name) => ({
    name,
    method: managementMethodOf(name),
    path: MANAGEMENT_CALLS[name],
    page: PAGE_OF[name],
  })),
  ...(['list', 'csv'] as const).map((name) => ({
    name: `process settings ${name}`,
    method: 'GET' as const,
    path: PROCESS_SETTINGS_CALLS[name],
    page: 'processSettings' as const,
  })),
  {
    name: 'process settings create',
    method: 'POST',
    path: PROCESS_SETTINGS_CALLS.create,
    page: 'addProcessSettings',
  },
  ...(['update', 'delete'] as const).map((name) => ({
    name: `process settings ${name}`,
    method: 'POST' as const,
    path: PROCESS_SETTINGS_CALLS[name],
    page: 'processSettings' as const,
  })),
  {
    name: 'design properties get',
    method: 'GET',
    path: DESIGN_PROPERTIES_CALLS.get,
    page: 'designProperties',
  },
  {
    name: 'design properties save',
    method: 'POST',
    path: DESIGN_PROPERTIES_CALLS.save,
    page: 'designProperties',
  },
  { name: 'health engine', method: 'GET', path: HEALTH_CALLS.engine, page: 'health' },
  { name: 'PNR info', method: 'GET', path: PNR_TOOL_CALLS.pnrInfo, page: 'pnrInfo' },
  { name: 'create PNR', method: 'POST', path: PNR_TOOL_CALLS.createPnr, page: 'createPnr' },
  // Managers switch to their agency's users from the users page; super users to anyone.
  { name: 'switch user', method: 'POST', path: ACCOUNT_CALLS.switchUser, page: 'users' },
];

describe.each(TEST_DATABASE_KINDS)('who may call the management routes on %s', (kind) => {
  let t: TestApp;
  const roles = new Map<Role, ServerRole[]>();
  const headers = new Map<Role, Record<string, string>>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const role of Object.keys(DEMO) as Role[]) {
      const [row] = await queryRows<{ roles: ServerRole[] }>(
        t.database.db,
        sql`select roles from users where email = ${DEMO[role].email}`,
      );
      roles.set(role, row?.roles ?? []);
      headers.set(role, (await signIn(t.app, DEMO[role])).headers);
    }
  });
  afterAll(() => t.close());

  // An empty form: allowed callers get past the access check and hear 400 (or 200 for lists).
  const call = ({ method, path }: Call, requestHeaders: Record<string, string>) =>
    t.app.inject({
      method,
      url: `/api/${path}`,
      headers:
        method === 'POST'
          ? { ...requestHeaders, 'content-type': 'application/x-www-form-urlencoded' }
          : requestHeaders,
      ...(method === 'POST' ? { payload: '' } : {}),
    });

  it.each(CALLS)('should let exactly the roles of its page call $name', async (called) => {
    const route = ROUTES[called.page];
    for (const role of Object.keys(DEMO) as Role[]) {
      const user = { routeRoles: routeRolesOf(roles.get(role) ?? []), betaFeatures: [] };
      const res = await call(called, headers.get(role) ?? {});
      const name = called.name;
      if (isRouteAllowed(route, user)) {
        expect([401, 403, 500], `${role} ${name}: ${res.body}`).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, `${role} ${name}`).toBe(403);
        expect(res.json<{ code: string }>().code).toBe('FORBIDDEN');
      }
    }
  });

  it.each(CALLS)('should answer 401 to $name when signed out', async (called) => {
    const res = await call(called, {});
    expect(res.statusCode).toBe(401);
    expect(res.json<{ code: string }>().code).toBe('UNAUTHORIZED');
  });
});
