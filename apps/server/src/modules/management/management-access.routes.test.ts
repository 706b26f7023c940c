import {
  MANAGEMENT_CALLS,
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

const CALLS = Object.keys(MANAGEMENT_CALLS) as ManagementCall[];

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
  const call = (name: ManagementCall, requestHeaders: Record<string, string>) =>
    t.app.inject({
      method: managementMethodOf(name),
      url: `/api/${MANAGEMENT_CALLS[name]}`,
      headers:
        managementMethodOf(name) === 'POST'
          ? { ...requestHeaders, 'content-type': 'application/x-www-form-urlencoded' }
          : requestHeaders,
      ...(managementMethodOf(name) === 'POST' ? { payload: '' } : {}),
    });

  it.each(CALLS)('should let exactly the roles of its page call %s', async (name) => {
    const route = ROUTES[PAGE_OF[name]];
    for (const role of Object.keys(DEMO) as Role[]) {
      const user = { routeRoles: routeRolesOf(roles.get(role) ?? []), betaFeatures: [] };
      const res = await call(name, headers.get(role) ?? {});
      if (isRouteAllowed(route, user)) {
        expect([401, 403, 500], `${role} ${name}: ${res.body}`).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, `${role} ${name}`).toBe(403);
        expect(res.json<{ code: string }>().code).toBe('FORBIDDEN');
      }
    }
  });

  it.each(CALLS)('should answer 401 to %s when signed out', async (name) => {
    const res = await call(name, {});
    expect(res.statusCode).toBe(401);
    expect(res.json<{ code: string }>().code).toBe('UNAUTHORIZED');
  });
});
