import {
  ApiErrorBody,
  PROCESS_SETTINGS_CALLS,
  ProcessSettingsPage,
  ROUTES,
  isRouteAllowed,
  routeRolesOf,
  type ServerRole,
} from '@smt/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { bookings, notifications } from '@/db/schema';
import { checkBooking } from '@/monitoring/check-booking';
import { loadBranchSettings } from '@/monitoring/process-settings';
import { parseCsv } from '../../../test/parse-csv';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

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

/** Settings unlike every default, so a branch that has them is told apart at once. */
const SETTINGS: Form = {
  rpEnabled: 'true',
  rpIntervalMinutes: '240',
  tdEnabled: 'false',
  tdIntervalMinutes: '45',
  scEnabled: 'true',
  scIntervalMinutes: '20',
  cEnabled: 'true',
  cIntervalMinutes: '25',
  hlEnabled: 'false',
  hlIntervalMinutes: '90',
  admEnabled: 'true',
  admIntervalMinutes: '35',
  minSavingAmount: '25.5',
  minSavingPercent: '',
  ticketingWindowHours: '48',
};

/** The processes' parameters, each unlike its default. */
const PARAMS: Form = {
  offerStricterFares: 'false',
  lastCallHours: '12',
  minorShiftMinutes: '45',
  minorShiftMinutesDomestic: '30',
  earlierShiftMinutes: '40',
  minConnectionMinutes: '90',
  connectionOverrides: 'lhr 75 100, JFK 45',
  autoAcceptMinor: 'true',
  escalateAfterHours: '12',
  removeByHours: '0',
  minCancellations: '5',
  requestChaseHours: '48',
  reissueFee: '25.50',
  reissueFeeCurrency: 'eur',
  voidWindowHours: '12',
  creditReprices: 'never',
  creditWarningDays: '45',
};

/** What a branch runs with while its rows have no parameters: DEFAULT_PROCESS_SETTINGS's. */
const DEFAULT_PARAMS = {
  offerStricterFares: true,
  lastCallHours: 6,
  minorShiftMinutes: 120,
  minorShiftMinutesDomestic: 60,
  earlierShiftMinutes: 60,
  minConnectionMinutes: 60,
  connectionOverrides: [],
  autoAcceptMinor: false,
  escalateAfterHours: 24,
  removeByHours: 24,
  minCancellations: 3,
  requestChaseHours: 24,
  reissueFee: 0,
  reissueFeeCurrency: 'USD',
  voidWindowHours: 24,
  creditReprices: 'threshold',
  creditWarningDays: 30,
};

/** PARAMS's connectionOverrides as the list shows them and the engine runs with them. */
const OVERRIDES = [
  { airport: 'LHR', domestic: 75, international: 100 },
  { airport: 'JFK', domestic: 45, international: 45 },
];

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
  /** A parameter of a branch's own row as the database holds it (null when absent). */
  const storedParam = async (branchId: number, process: string, key: string) =>
    (
      await queryRows<{ value: string | null }>(
        t.database.db,
        sql`select params ->> ${key} as value from process_settings
            where branch_id = ${branchId} and process = ${process}`,
      )
    )[0]?.value ?? null;
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

  it('should list the default and every branch following it when nothing is set', async () => {
    const all = await listOf('superUser');
    expect(all.items.map((item) => item.pcc)).toEqual(['HFA1', 'JRS1', 'TLV1']);
    expect(all.items.every((item) => !item.own)).toBe(true);
    expect(all.defaults).toMatchObject({
      rpEnabled: true,
      rpIntervalMinutes: 480,
      tdIntervalMinutes: 60,
      minSavingAmount: 10,
      minSavingPercent: 1,
      ticketingWindowHours: 72,
    });
    expect(all.items[0]?.settings).toEqual(all.defaults);
    const page = await listOf('superUser', { offset: 1, limit: 1, name: '1' });
    expect(page.items.map((item) => item.pcc)).toEqual(['JRS1']);
    expect(page.total).toBe(3);
  });

  it("should show a manager their agency's branches only and refuse the others", async () => {
    const mine = await listOf('manager');
    expect(mine.items.map((item) => item.pcc)).toEqual(['JRS1', 'TLV1']);
    expectError(await call('manager', 'list', { branchId: branch('HFA1') }), 403);
    const hfa1 = branch('HFA1');
    const before = await settingsRows();
    expectError(await call('manager', 'create', { ...SETTINGS, branchId: hfa1 }), 403);
    expectError(await call('manager', 'update', { ...SETTINGS, branchId: hfa1 }), 403);
    expectError(await call('manager', 'delete', { branchId: hfa1 }), 403);
    expectError(
      await call('globeManager', 'create', { ...SETTINGS, branchId: branch('TLV1') }),
      403,
    );
    // Without a branch the update is the system default's, which is the super user's alone.
    expectError(await call('manager', 'update', SETTINGS), 403);
    expect(await settingsRows()).toEqual(before);
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

  it('should give a branch its own settings that the engine then runs with', async () => {
    const tlv1 = branch('TLV1');
    const audits = await auditCount();
    const created = await call('manager', 'create', { ...SETTINGS, branchId: tlv1 });
    expect(created.statusCode, created.body).toBe(200);
    expect(await auditCount()).toBe(audits + 1);

    const [item] = (await listOf('manager', { branchId: tlv1 })).items;
    expect(item?.own).toBe(true);
    // No parameters sent: the branch keeps the default's.
    expect(item?.settings).toEqual({
      ...DEFAULT_PARAMS,
      rpEnabled: true,
      rpIntervalMinutes: 240,
      tdEnabled: false,
      tdIntervalMinutes: 45,
      scEnabled: true,
      scIntervalMinutes: 20,
      cEnabled: true,
      cIntervalMinutes: 25,
      hlEnabled: false,
      hlIntervalMinutes: 90,
      admEnabled: true,
      admIntervalMinutes: 35,
      minSavingAmount: 25.5,
      minSavingPercent: null,
      ticketingWindowHours: 48,
    });

    const engine = await loadBranchSettings(t.database.db, tlv1);
    // Other detectors' settings may join DetectorSettings: these are the pages' part of it.
    expect(engine.detectors).toMatchObject({
      reprice: {
        enabled: true,
        minSavingAmount: 25.5,
        minSavingPercent: null,
        offerStricterFares: true,
      },
      reschedule: {
        enabled: true,
        minorShiftMinutes: 120,
        minorShiftMinutesDomestic: 60,
        earlierShiftMinutes: 60,
        minConnectionMinutes: 60,
        connectionOverrides: [],
        autoAcceptMinor: false,
        escalateAfterHours: 24,
      },
      segmentRemoval: { enabled: true, removeByHours: 24 },
      churning: { enabled: true, minCancellations: 3 },
      ticketingDue: { enabled: false, windowHours: 48, lastCallHours: 6 },
      waitlist: { enabled: false, requestChaseHours: 24 },
    });
    // TD and HL are off: the cadence is the quickest of the processes still running.
    expect(engine.checkIntervalMinutes).toBe(20);
    expect(engine.repriceIntervalMinutes).toBe(240);

    const again = expectError(
      await call('manager', 'create', { ...SETTINGS, branchId: tlv1 }),
      409,
    );
    expect(again.message).toMatch(/already has its own/);
  });

  it('should raise no ticketing deadline for a branch that turned ticketing due off', async () => {
    const tlv1 = branch('TLV1');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/dev/gds/bookings',
      payload: { agentEmail: DEMO.agent.email, ticketingDueInHours: 24 },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const { locator } = booked.json<{ locator: string }>();
    const [booking] = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pnrNumber, locator));
    if (!booking) throw new Error(`no booking ${locator}`);
    const deps = { db: t.database.db, gds: t.app.gds, clock: t.app.clock, log: t.app.log };
    const ticketingDue = async () =>
      t.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(eq(notifications.bookingId, booking.id), eq(notifications.type, 'TicketingDue')),
        );

    await checkBooking(deps, booking.id);
    expect(await ticketingDue()).toHaveLength(0);

    const deleted = await call('manager', 'delete', { branchId: tlv1 });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await listOf('manager', { branchId: tlv1 })).items[0]?.own).toBe(false);
    await checkBooking(deps, booking.id);
    expect(await ticketingDue()).toHaveLength(1);

    expect(expectError(await call('manager', 'delete', { branchId: tlv1 }), 404).message).toMatch(
      /follows the default/,
    );
  });

  it('should let an edit give a branch its own settings and a super user change the default', async () => {
    const jrs1 = branch('JRS1');
    const edited = await call('manager', 'update', {
      ...SETTINGS,
      branchId: jrs1,
      tdEnabled: 'true',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await loadBranchSettings(t.database.db, jrs1)).detectors.ticketingDue).toMatchObject({
      enabled: true,
      windowHours: 48,
    });

    const defaults = await call('superUser', 'update', {
      ...SETTINGS,
      tdEnabled: 'true',
      minSavingAmount: '',
      minSavingPercent: '2.5',
      ticketingWindowHours: '96',
    });
    expect(defaults.statusCode, defaults.body).toBe(200);
    const page = await listOf('superUser');
    expect(page.defaults).toMatchObject({ minSavingAmount: null, minSavingPercent: 2.5 });
    const hfa1 = page.items.find((item) => item.pcc === 'HFA1');
    expect(hfa1).toMatchObject({ own: false, settings: page.defaults });
    // A branch following the default runs with the new default; one with its own keeps them.
    const engineHfa1 = await loadBranchSettings(t.database.db, branch('HFA1'));
    expect(engineHfa1.detectors.ticketingDue.windowHours).toBe(96);
    expect(engineHfa1.detectors.reprice).toMatchObject({
      enabled: true,
      minSavingAmount: null,
      minSavingPercent: 2.5,
      offerStricterFares: true,
    });
    expect((await loadBranchSettings(t.database.db, jrs1)).detectors.ticketingDue.windowHours).toBe(
      48,
    );
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

  it("should store each process's parameters in its row, which the engine then runs with", async () => {
    const jrs1 = branch('JRS1');
    // A key the pages know nothing of stays where it is.
    await t.database.db.execute(
      sql`update process_settings set params = params || '{"note": "keep"}'::jsonb
          where branch_id = ${jrs1} and process = 'SC'`,
    );
    const saved = await call('manager', 'update', { ...SETTINGS, ...PARAMS, branchId: jrs1 });
    expect(saved.statusCode, saved.body).toBe(200);

    const expected = {
      offerStricterFares: false,
      lastCallHours: 12,
      minorShiftMinutes: 45,
      minorShiftMinutesDomestic: 30,
      earlierShiftMinutes: 40,
      minConnectionMinutes: 90,
      connectionOverrides: OVERRIDES,
      autoAcceptMinor: true,
      escalateAfterHours: 12,
      removeByHours: 0,
      minCancellations: 5,
      requestChaseHours: 48,
      reissueFee: 25.5,
      reissueFeeCurrency: 'EUR',
      voidWindowHours: 12,
      creditReprices: 'never',
      creditWarningDays: 45,
    };
    const [item] = (await listOf('manager', { branchId: jrs1 })).items;
    expect(item?.settings).toMatchObject(expected);
    expect(await storedParam(jrs1, 'SC', 'minorShiftMinutes')).toBe('45');
    expect(await storedParam(jrs1, 'SC', 'autoAcceptMinor')).toBe('true');
    expect(await storedParam(jrs1, 'SC', 'note')).toBe('keep');
    expect(await storedParam(jrs1, 'ADM', 'minCancellations')).toBe('5');
    // Kept as the list the form's text was read into, shown back as that text in the CSV.
    expect(JSON.parse((await storedParam(jrs1, 'SC', 'connectionOverrides')) ?? 'null')).toEqual(
      OVERRIDES,
    );
    const csv = parseCsv((await call('manager', 'csv', { branchId: jrs1 })).body);
    const column = csv[0]?.indexOf('Minimum connecting times by airport') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(csv[1]?.[column]).toBe('LHR 75 100, JFK 45');

    const engine = await loadBranchSettings(t.database.db, jrs1);
    expect(engine.detectors).toMatchObject({
      reprice: {
        offerStricterFares: false,
        reissueFee: 25.5,
        feeCurrency: 'EUR',
        voidWindowHours: 12,
        creditReprices: 'never',
      },
      credits: { warningDays: 45 },
      reschedule: {
        minorShiftMinutes: 45,
        minorShiftMinutesDomestic: 30,
        earlierShiftMinutes: 40,
        minConnectionMinutes: 90,
        connectionOverrides: OVERRIDES,
        autoAcceptMinor: true,
        escalateAfterHours: 12,
      },
      segmentRemoval: { removeByHours: 0 },
      churning: { minCancellations: 5 },
      ticketingDue: { windowHours: 48, lastCallHours: 12 },
    });

    // A caller that sends no parameters changes none of them.
    const again = await call('manager', 'update', { ...SETTINGS, branchId: jrs1 });
    expect(again.statusCode, again.body).toBe(200);
    expect((await listOf('manager', { branchId: jrs1 })).items[0]?.settings).toMatchObject(
      expected,
    );
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

  it('should save minimum connecting times by airport, read them back, and refuse a bad list', async () => {
    const jrs1 = branch('JRS1');
    const overridesOf = async () =>
      (await listOf('manager', { branchId: jrs1 })).items[0]?.settings.connectionOverrides;
    const engineOverrides = async () =>
      (await loadBranchSettings(t.database.db, jrs1)).detectors.reschedule.connectionOverrides;

    const saved = await call('manager', 'update', {
      ...SETTINGS,
      branchId: jrs1,
      connectionOverrides: 'FRA 30 50\ncdg 90',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = [
      { airport: 'FRA', domestic: 30, international: 50 },
      { airport: 'CDG', domestic: 90, international: 90 },
    ];
    expect(await overridesOf()).toEqual(list);
    expect(await engineOverrides()).toEqual(list);

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

    // The same text field as JSON; blank empties the list.
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/${PROCESS_SETTINGS_CALLS.update}`,
      headers: { ...(await headersOf('manager')), 'content-type': 'application/json' },
      payload: { ...SETTINGS, branchId: jrs1, connectionOverrides: 'ams 40 50' },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(await overridesOf()).toEqual([{ airport: 'AMS', domestic: 40, international: 50 }]);
    const emptied = await call('manager', 'update', {
      ...SETTINGS,
      branchId: jrs1,
      connectionOverrides: '',
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(await overridesOf()).toEqual([]);
    expect(await engineOverrides()).toEqual([]);
  });

  it('should read a row without a parameter as the built-in default, as the engine does', async () => {
    const hfa1 = branch('HFA1');
    const created = await call('superUser', 'create', { ...SETTINGS, branchId: hfa1 });
    expect(created.statusCode, created.body).toBe(200);
    // Rows written before the parameters existed.
    await t.database.db.execute(
      sql`update process_settings set params = '{}'::jsonb where branch_id = ${hfa1}`,
    );
    const [item] = (await listOf('superUser', { branchId: hfa1 })).items;
    expect(item?.settings).toMatchObject(DEFAULT_PARAMS);
    const engine = await loadBranchSettings(t.database.db, hfa1);
    expect(engine.detectors).toMatchObject({
      reprice: { offerStricterFares: DEFAULT_PARAMS.offerStricterFares },
      reschedule: {
        minorShiftMinutes: DEFAULT_PARAMS.minorShiftMinutes,
        minConnectionMinutes: DEFAULT_PARAMS.minConnectionMinutes,
        autoAcceptMinor: DEFAULT_PARAMS.autoAcceptMinor,
      },
      segmentRemoval: { removeByHours: DEFAULT_PARAMS.removeByHours },
      churning: { minCancellations: DEFAULT_PARAMS.minCancellations },
      ticketingDue: { lastCallHours: DEFAULT_PARAMS.lastCallHours },
    });

    // A save that gives one parameter adds it beside the others, which stay absent.
    const saved = await call('superUser', 'update', {
      ...SETTINGS,
      branchId: hfa1,
      minCancellations: '4',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await storedParam(hfa1, 'ADM', 'minCancellations')).toBe('4');
    expect(await storedParam(hfa1, 'SC', 'minorShiftMinutes')).toBeNull();
    expect((await loadBranchSettings(t.database.db, hfa1)).detectors.churning).toMatchObject({
      minCancellations: 4,
    });
  });
});
