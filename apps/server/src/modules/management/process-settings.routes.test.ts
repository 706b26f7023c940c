import {
  ApiErrorBody,
  PROCESS_SETTINGS_CALLS,
  ProcessSettingsPage,
  ROUTES,
  isRouteAllowed,
  routeRolesOf,
  type ServerRole,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { parseCsv } from '../../../test/parse-csv';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { PARAMS, SETTINGS } from './process-settings.test-fixtures';

type Role = keyof typeof DEMO;
type Call = keyof typeof PROCESS_SETTINGS_CALLS;
type Form = Record<string, string | number | boolean>;

const PAGE_OF: Record<Call, 'processSettings' | 'addProcessSettings'> = {
  list: 'processSettings',
  csv: 'processSettings',
  create: 'addProcessSettings',
  update: 'processSettings',
  delete: 'processSettings',
};
const methodOf = (call: Call) => (call === 'list' || call === 'csv' ? 'GET' : 'POST');

// The process settings calls over HTTP: who may make each, what it answers, the forms'
// refusals and the CSV file. What a save stores, what the list and the engine then read and
// which branches a caller reaches are process-settings.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('the process settings calls on %s', (kind) => {
  let t: TestApp;
  const sessions = new Map<Role, Record<string, string>>();
  const branchIds = new Map<string, number>();

  const headersOf = async (role: Role) => {
    const known = sessions.get(role);
    if (known) return known;
    const { headers } = await signIn(t.app, DEMO[role]);
    sessions.set(role, headers);
    return headers;
  };
  const branch = (pcc: string) => {
    const id = branchIds.get(pcc);
    if (id === undefined) throw new Error(`no branch ${pcc}`);
    return id;
  };
  const call = async (role: Role | null, name: Call, form: Form = {}) => {
    const headers = role ? await headersOf(role) : {};
    const url = `/api/${PROCESS_SETTINGS_CALLS[name]}`;
    const fields = Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]);
    return methodOf(name) === 'GET'
      ? t.app.inject({ method: 'GET', url, headers, query: Object.fromEntries(fields) })
      : t.app.inject({
          method: 'POST',
          url,
          // Form-encoded, as SPEC §7 sends bodies.
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        });
  };
  const listOf = async (role: Role, query: Form = {}) => {
    const res = await call(role, 'list', query);
    expect(res.statusCode, res.body).toBe(200);
    return ProcessSettingsPage.parse(res.json());
  };
  const expectError = (res: { statusCode: number; json: () => unknown }, status: number) => {
    expect(res.statusCode).toBe(status);
    return ApiErrorBody.parse(res.json());
  };
  const settingsRows = async () =>
    queryRows<{ branch_id: number | null; process: string; enabled: boolean }>(
      t.database.db,
      sql`select branch_id, process, enabled, check_interval_minutes, min_saving_amount,
            min_saving_percent, ticketing_window_hours, params::text as params
          from process_settings order by branch_id nulls first, process`,
    );
  const auditCount = async () =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from audit_log where entity_type = 'processSettings'`,
      )
    )[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows = await queryRows<{ id: number; pcc: string }>(
      t.database.db,
      sql`select id, pcc from branches`,
    );
    for (const row of rows) branchIds.set(row.pcc, row.id);
  });
  afterAll(() => t.close());

  it('should let exactly the roles of each page call each route', async () => {
    for (const name of Object.keys(PROCESS_SETTINGS_CALLS) as Call[]) {
      for (const role of Object.keys(DEMO) as Role[]) {
        const [row] = await queryRows<{ roles: ServerRole[] }>(
          t.database.db,
          sql`select roles from users where email = ${DEMO[role].email}`,
        );
        const user = { routeRoles: routeRolesOf(row?.roles ?? []), betaFeatures: [] };
        const res = await call(role, name);
        if (isRouteAllowed(ROUTES[PAGE_OF[name]], user)) {
          // An empty form gets past the access check and is refused as bad input.
          expect(res.statusCode, `${role} ${name}: ${res.body}`).toBe(
            methodOf(name) === 'GET' ? 200 : 400,
          );
        } else {
          expect(expectError(res, 403).code, `${role} ${name}`).toBe('FORBIDDEN');
        }
      }
      expectError(await call(null, name), 401);
    }
  });

  it("should show a manager their agency's branches only and refuse the others", async () => {
    const mine = await listOf('manager');
    expect(mine.items.map((item) => item.pcc)).toEqual(['JRS1', 'TLV1']);
    expectError(await call('manager', 'list', { branchId: branch('HFA1') }), 403);
    const hfa1 = branch('HFA1');
    expectError(await call('manager', 'create', { ...SETTINGS, branchId: hfa1 }), 403);
    expectError(await call('manager', 'update', { ...SETTINGS, branchId: hfa1 }), 403);
    expectError(await call('manager', 'delete', { branchId: hfa1 }), 403);
    expectError(
      await call('globeManager', 'create', { ...SETTINGS, branchId: branch('TLV1') }),
      403,
    );
    // Without a branch the update is the system default's, which is the super user's alone.
    expectError(await call('manager', 'update', SETTINGS), 403);
  });

  it('should refuse bad input with a message per field and change nothing', async () => {
    const before = await settingsRows();
    const audits = await auditCount();
    const res = await call('manager', 'create', {
      ...SETTINGS,
      branchId: branch('TLV1'),
      rpIntervalMinutes: '2',
      tdIntervalMinutes: '90000',
      scIntervalMinutes: 'soon',
      cIntervalMinutes: '12.5',
      hlIntervalMinutes: '',
      admEnabled: 'maybe',
      minSavingAmount: '',
      minSavingPercent: '',
      ticketingWindowHours: '0',
    });
    const body = expectError(res, 400);
    expect(body.fieldErrors).toEqual({
      rpIntervalMinutes: 'Should be a whole number of minutes from 5 to 1440',
      tdIntervalMinutes: 'Should be a whole number of minutes from 5 to 1440',
      scIntervalMinutes: 'Should be a whole number of minutes from 5 to 1440',
      cIntervalMinutes: 'Should be a whole number of minutes from 5 to 1440',
      hlIntervalMinutes: 'Should be a whole number of minutes from 5 to 1440',
      admEnabled: 'Should be true or false',
      ticketingWindowHours: 'Should be a whole number of hours from 1 to 720',
    });
    const saving = expectError(
      await call('manager', 'create', {
        ...SETTINGS,
        branchId: branch('TLV1'),
        minSavingAmount: '',
        minSavingPercent: '',
      }),
      400,
    );
    expect(saving.fieldErrors).toEqual({
      minSavingAmount: 'While reprice is active, give a minimum saving amount, a percent, or both',
    });
    const decimals = expectError(
      await call('manager', 'create', {
        ...SETTINGS,
        branchId: branch('TLV1'),
        minSavingAmount: '1.005',
        minSavingPercent: '101',
      }),
      400,
    );
    expect(decimals.fieldErrors).toEqual({
      minSavingAmount: 'Should be an amount from 0 to 100000 with at most 2 decimals',
      minSavingPercent: 'Should be a percent from 0 to 100 with at most 2 decimals',
    });
    expect(await settingsRows()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('should answer 200 to a manager giving a branch settings, editing and dropping them, and to a super user changing the default', async () => {
    const steps: [Role, Call, Form][] = [
      ['manager', 'create', { ...SETTINGS, branchId: branch('TLV1') }],
      ['manager', 'update', { ...SETTINGS, branchId: branch('JRS1') }],
      ['superUser', 'update', SETTINGS],
      ['manager', 'delete', { branchId: branch('TLV1') }],
    ];
    for (const [role, name, form] of steps) {
      const res = await call(role, name, form);
      expect(res.statusCode, `${role} ${name}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
  });

  it('should download the settings of a search as a CSV file', async () => {
    const res = await call('manager', 'csv', { name: 'jrs' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header?.slice(0, 6)).toEqual([
      'PCC',
      'Branch',
      'Agency',
      'Settings',
      'Reprice active',
      'Reprice every (minutes)',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(0, 6)).toEqual([
      'JRS1',
      expect.any(String),
      'Demo Travel',
      'Own',
      'Yes',
      '240',
    ]);
  });

  it('should write the minimum connecting times by airport in the CSV file as the form gives them', async () => {
    const jrs1 = branch('JRS1');
    const saved = await call('manager', 'update', { ...SETTINGS, ...PARAMS, branchId: jrs1 });
    expect(saved.statusCode, saved.body).toBe(200);
    const csv = parseCsv((await call('manager', 'csv', { branchId: jrs1 })).body);
    const column = csv[0]?.indexOf('Minimum connecting times by airport') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(csv[1]?.[column]).toBe('LHR 75 100, JFK 45');
  });

  it('should refuse parameters out of range with a message per field and change nothing', async () => {
    const jrs1 = branch('JRS1');
    const before = await settingsRows();
    const audits = await auditCount();
    const body = expectError(
      await call('manager', 'update', {
        ...SETTINGS,
        branchId: jrs1,
        offerStricterFares: '',
        lastCallHours: '73',
        minorShiftMinutes: '0',
        minConnectionMinutes: '601',
        connectionOverrides: 'LHR 75 100 JFK',
        autoAcceptMinor: 'maybe',
        removeByHours: '169',
        minCancellations: '1',
      }),
      400,
    );
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.fieldErrors).toEqual({
      offerStricterFares: 'Should be true or false',
      lastCallHours: 'Should be a whole number of hours from 1 to 72',
      minorShiftMinutes: 'Should be a whole number of minutes from 1 to 1440',
      minConnectionMinutes: 'Should be a whole number of minutes from 10 to 600',
      connectionOverrides:
        "Should be a list like 'LHR 75 100, JFK 60': an airport's 3-letter code, then its domestic and international minutes, or one number for both",
      autoAcceptMinor: 'Should be true or false',
      removeByHours: 'Should be a whole number of hours from 0 to 168',
      minCancellations: 'Should be a whole number from 2 to 20',
    });
    const blank = expectError(
      await call('manager', 'update', {
        ...SETTINGS,
        ...PARAMS,
        branchId: jrs1,
        removeByHours: '',
      }),
      400,
    );
    expect(blank.fieldErrors).toEqual({
      removeByHours: 'Should be a whole number of hours from 0 to 168',
    });
    const late = expectError(
      await call('manager', 'update', {
        ...SETTINGS,
        ...PARAMS,
        branchId: jrs1,
        lastCallHours: 49,
      }),
      400,
    );
    expect(late.fieldErrors).toEqual({
      lastCallHours: 'The last call should come within the ticketing window',
    });
    expect(await settingsRows()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('should refuse a bad list of minimum connecting times by airport, changing nothing, and read one from a JSON body', async () => {
    const jrs1 = branch('JRS1');
    const overridesOf = async () =>
      (await listOf('manager', { branchId: jrs1 })).items[0]?.settings.connectionOverrides;
    const before = await settingsRows();
    const audits = await auditCount();
    const refusals = {
      'LHR 75 100 JFK':
        "Should be a list like 'LHR 75 100, JFK 60': an airport's 3-letter code, then its domestic and international minutes, or one number for both",
      'LHR 75 601': 'Minutes by airport should be whole numbers from 10 to 600',
      'LHR 9': 'Minutes by airport should be whole numbers from 10 to 600',
      'LHR 60, JFK 60, lhr 90': 'Should name each airport once',
      [Array.from(
        { length: 51 },
        (_, i) =>
          `Q${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))} 60`,
      ).join(', ')]: 'Should name at most 50 airports',
    };
    for (const [text, message] of Object.entries(refusals)) {
      const body = expectError(
        await call('manager', 'update', { ...SETTINGS, branchId: jrs1, connectionOverrides: text }),
        400,
      );
      expect(body.code, text).toBe('BAD_REQUEST');
      expect(body.fieldErrors, text).toEqual({ connectionOverrides: message });
    }
    expect(await settingsRows()).toEqual(before);
    expect(await auditCount()).toBe(audits);

    // The same text field as JSON.
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/${PROCESS_SETTINGS_CALLS.update}`,
      headers: { ...(await headersOf('manager')), 'content-type': 'application/json' },
      payload: { ...SETTINGS, branchId: jrs1, connectionOverrides: 'ams 40 50' },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(await overridesOf()).toEqual([{ airport: 'AMS', domestic: 40, international: 50 }]);
  });
});
