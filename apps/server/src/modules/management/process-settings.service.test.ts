import {
  ProcessSettingsCreateBody,
  ProcessSettingsDeleteBody,
  ProcessSettingsListQuery,
  ProcessSettingsUpdateBody,
} from '@smt/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { branches, notifications } from '@/db/schema';
import { T0 } from '@/gds/simulator/testing';
import { Clock } from '@/lib/clock';
import { checkBooking } from '@/monitoring/check-booking';
import { loadBranchSettings } from '@/monitoring/process-settings';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { aDevBooking, useServiceSimulator } from '../../../test/service-simulator';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { silentLog } from '../../../test/silent-log';
import { createProcessSettingsAdmin } from './process-settings.service';
import { PARAMS, SETTINGS, type ProcessSettingsForm } from './process-settings.test-fixtures';

// The process settings pages' rules, called as their routes call them: the forms parsed by the
// calls' schemas, the caller as `callerOf` makes them, and what the engine then runs with. Who
// may call, the HTTP answers, the forms' refusals and the CSV file are
// process-settings.routes.test.ts's.

type Form = ProcessSettingsForm;

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

describe(createProcessSettingsAdmin.name, () => {
  const database = useServiceDatabase();
  let sut: ReturnType<typeof createProcessSettingsAdmin>;

  beforeEach(async () => {
    sut = createProcessSettingsAdmin({ db: database.db });
    // As the routes do when they start: the list shows the default every branch falls back to.
    await sut.ensureDefaults();
  });

  const as = (person: DemoPerson) => callerAs(database.db, person);
  const list = async (person: DemoPerson, query: Form = {}) =>
    sut.list(await as(person), ProcessSettingsListQuery.parse(query));
  const create = async (person: DemoPerson, form: Form) =>
    sut.create(await as(person), ProcessSettingsCreateBody.parse(form));
  const update = async (person: DemoPerson, form: Form) =>
    sut.update(await as(person), ProcessSettingsUpdateBody.parse(form));
  const remove = async (person: DemoPerson, form: Form) =>
    sut.remove(await as(person), ProcessSettingsDeleteBody.parse(form));

  const branch = async (pcc: string) => {
    const [row] = await database.db.select().from(branches).where(eq(branches.pcc, pcc));
    if (!row) throw new Error(`no branch ${pcc}`);
    return row.id;
  };
  const settingsRows = async () =>
    queryRows<{ branch_id: number | null; process: string; enabled: boolean }>(
      database.db,
      sql`select branch_id, process, enabled, check_interval_minutes, min_saving_amount,
            min_saving_percent, ticketing_window_hours, params::text as params
          from process_settings order by branch_id nulls first, process`,
    );
  /** A parameter of a branch's own row as the database holds it (null when absent). */
  const storedParam = async (branchId: number, process: string, key: string) =>
    (
      await queryRows<{ value: string | null }>(
        database.db,
        sql`select params ->> ${key} as value from process_settings
            where branch_id = ${branchId} and process = ${process}`,
      )
    )[0]?.value ?? null;
  const auditCount = async () =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from audit_log where entity_type = 'processSettings'`,
      )
    )[0]?.n ?? 0;
  const settingsOf = async (person: DemoPerson, branchId: number) =>
    (await list(person, { branchId })).items[0]?.settings;
  /** Haifa with settings of its own whose rows have no parameters, as rows written before them. */
  const hfa1WithoutParams = async () => {
    const hfa1 = await branch('HFA1');
    await create(DEMO.superUser, { ...SETTINGS, branchId: hfa1 });
    await database.db.execute(
      sql`update process_settings set params = '{}'::jsonb where branch_id = ${hfa1}`,
    );
    return hfa1;
  };

  describe('list', () => {
    it('should list the default and every branch following it when nothing is set', async () => {
      const all = await list(DEMO.superUser);
      const page = await list(DEMO.superUser, { offset: 1, limit: 1, name: '1' });

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
      expect(page.items.map((item) => item.pcc)).toEqual(['JRS1']);
      expect(page.total).toBe(3);
    });

    it("should refuse a manager's filter naming another agency's branch", async () => {
      const refusal = await refusalOf(list(DEMO.manager, { branchId: await branch('HFA1') }));

      expect(refusal.code).toBe('FORBIDDEN');
    });

    it('should read a row without a parameter as the built-in default, as the engine does', async () => {
      const hfa1 = await hfa1WithoutParams();

      const settings = await settingsOf(DEMO.superUser, hfa1);

      expect(settings).toMatchObject(DEFAULT_PARAMS);
      const engine = await loadBranchSettings(database.db, hfa1);
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
    });
  });

  describe('create', () => {
    it('should give a branch its own settings that the engine then runs with, audited', async () => {
      const tlv1 = await branch('TLV1');
      const audits = await auditCount();

      await create(DEMO.manager, { ...SETTINGS, branchId: tlv1 });

      expect(await auditCount()).toBe(audits + 1);
      const [item] = (await list(DEMO.manager, { branchId: tlv1 })).items;
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
      const engine = await loadBranchSettings(database.db, tlv1);
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
    });

    it('should refuse a branch that has its own settings already', async () => {
      const tlv1 = await branch('TLV1');
      await create(DEMO.manager, { ...SETTINGS, branchId: tlv1 });

      const again = await refusalOf(create(DEMO.manager, { ...SETTINGS, branchId: tlv1 }));

      expect(again.code).toBe('CONFLICT');
      expect(again.message).toMatch(/already has its own/);
    });

    it("should refuse a manager giving another agency's branch settings, changing nothing", async () => {
      const before = await settingsRows();

      const refusals = [
        await refusalOf(create(DEMO.manager, { ...SETTINGS, branchId: await branch('HFA1') })),
        await refusalOf(create(DEMO.globeManager, { ...SETTINGS, branchId: await branch('TLV1') })),
      ];

      expect(refusals.map((refusal) => refusal.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
      expect(await settingsRows()).toEqual(before);
    });
  });

  describe('update', () => {
    it('should give a branch its own settings by an edit, which the engine runs with', async () => {
      const jrs1 = await branch('JRS1');

      await update(DEMO.manager, { ...SETTINGS, branchId: jrs1, tdEnabled: 'true' });

      expect((await loadBranchSettings(database.db, jrs1)).detectors.ticketingDue).toMatchObject({
        enabled: true,
        windowHours: 48,
      });
    });

    it('should let a super user change the default, which a branch following it runs with and one with its own does not', async () => {
      const jrs1 = await branch('JRS1');
      await update(DEMO.manager, { ...SETTINGS, branchId: jrs1, tdEnabled: 'true' });

      await update(DEMO.superUser, {
        ...SETTINGS,
        tdEnabled: 'true',
        minSavingAmount: '',
        minSavingPercent: '2.5',
        ticketingWindowHours: '96',
      });

      const page = await list(DEMO.superUser);
      expect(page.defaults).toMatchObject({ minSavingAmount: null, minSavingPercent: 2.5 });
      const hfa1 = page.items.find((item) => item.pcc === 'HFA1');
      expect(hfa1).toMatchObject({ own: false, settings: page.defaults });
      // A branch following the default runs with the new default; one with its own keeps them.
      const engineHfa1 = await loadBranchSettings(database.db, await branch('HFA1'));
      expect(engineHfa1.detectors.ticketingDue.windowHours).toBe(96);
      expect(engineHfa1.detectors.reprice).toMatchObject({
        enabled: true,
        minSavingAmount: null,
        minSavingPercent: 2.5,
        offerStricterFares: true,
      });
      expect((await loadBranchSettings(database.db, jrs1)).detectors.ticketingDue.windowHours).toBe(
        48,
      );
    });

    it("should store each process's parameters in its row, which the engine then runs with", async () => {
      const jrs1 = await branch('JRS1');
      await update(DEMO.manager, { ...SETTINGS, branchId: jrs1 });
      // A key the pages know nothing of stays where it is.
      await database.db.execute(
        sql`update process_settings set params = params || '{"note": "keep"}'::jsonb
            where branch_id = ${jrs1} and process = 'SC'`,
      );

      await update(DEMO.manager, { ...SETTINGS, ...PARAMS, branchId: jrs1 });

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
      expect(await settingsOf(DEMO.manager, jrs1)).toMatchObject(expected);
      expect(await storedParam(jrs1, 'SC', 'minorShiftMinutes')).toBe('45');
      expect(await storedParam(jrs1, 'SC', 'autoAcceptMinor')).toBe('true');
      expect(await storedParam(jrs1, 'SC', 'note')).toBe('keep');
      expect(await storedParam(jrs1, 'ADM', 'minCancellations')).toBe('5');
      // Kept as the list the form's text was read into (the CSV shows it back as that text).
      expect(JSON.parse((await storedParam(jrs1, 'SC', 'connectionOverrides')) ?? 'null')).toEqual(
        OVERRIDES,
      );
      const engine = await loadBranchSettings(database.db, jrs1);
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
      await update(DEMO.manager, { ...SETTINGS, branchId: jrs1 });

      expect(await settingsOf(DEMO.manager, jrs1)).toMatchObject(expected);
    });

    it('should save minimum connecting times by airport, read them back, and empty them with a blank', async () => {
      const jrs1 = await branch('JRS1');
      const engineOverrides = async () =>
        (await loadBranchSettings(database.db, jrs1)).detectors.reschedule.connectionOverrides;
      const saved = [
        { airport: 'FRA', domestic: 30, international: 50 },
        { airport: 'CDG', domestic: 90, international: 90 },
      ];

      await update(DEMO.manager, {
        ...SETTINGS,
        branchId: jrs1,
        connectionOverrides: 'FRA 30 50\ncdg 90',
      });

      expect((await settingsOf(DEMO.manager, jrs1))?.connectionOverrides).toEqual(saved);
      expect(await engineOverrides()).toEqual(saved);

      await update(DEMO.manager, { ...SETTINGS, branchId: jrs1, connectionOverrides: '' });

      expect((await settingsOf(DEMO.manager, jrs1))?.connectionOverrides).toEqual([]);
      expect(await engineOverrides()).toEqual([]);
    });

    it('should add the one parameter a save gives beside the others, which stay absent', async () => {
      const hfa1 = await hfa1WithoutParams();

      await update(DEMO.superUser, { ...SETTINGS, branchId: hfa1, minCancellations: '4' });

      expect(await storedParam(hfa1, 'ADM', 'minCancellations')).toBe('4');
      expect(await storedParam(hfa1, 'SC', 'minorShiftMinutes')).toBeNull();
      expect((await loadBranchSettings(database.db, hfa1)).detectors.churning).toMatchObject({
        minCancellations: 4,
      });
    });

    it("should refuse a manager changing another agency's branch or the default, changing nothing", async () => {
      const before = await settingsRows();

      const refusals = [
        await refusalOf(update(DEMO.manager, { ...SETTINGS, branchId: await branch('HFA1') })),
        // Without a branch the update is the system default's, which is the super user's alone.
        await refusalOf(update(DEMO.manager, SETTINGS)),
      ];

      expect(refusals.map((refusal) => refusal.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
      expect(await settingsRows()).toEqual(before);
    });
  });

  describe('remove', () => {
    const world = useServiceSimulator(database, { seed: 1, startAt: new Date(T0) });

    it('should raise no ticketing deadline for a branch that turned ticketing due off, and one again once it follows the default', async () => {
      const clock = new Clock();
      const tlv1 = await branch('TLV1');
      await create(DEMO.manager, { ...SETTINGS, branchId: tlv1 });
      const deps = { db: database.db, gds: world.sim, clock, log: silentLog };
      const { bookingId } = await aDevBooking(
        { db: database.db, sim: world.sim, clock },
        { agentEmail: DEMO.agent.email, ticketingDueInHours: 24 },
      );
      const ticketingDue = () =>
        database.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            and(eq(notifications.bookingId, bookingId), eq(notifications.type, 'TicketingDue')),
          );
      await checkBooking(deps, bookingId);
      expect(await ticketingDue()).toHaveLength(0);

      await remove(DEMO.manager, { branchId: tlv1 });

      expect((await list(DEMO.manager, { branchId: tlv1 })).items[0]?.own).toBe(false);
      await checkBooking(deps, bookingId);
      expect(await ticketingDue()).toHaveLength(1);
    });

    it('should refuse a branch that follows the default', async () => {
      const refusal = await refusalOf(remove(DEMO.manager, { branchId: await branch('TLV1') }));

      expect(refusal.code).toBe('NOT_FOUND');
      expect(refusal.message).toMatch(/follows the default/);
    });

    it("should refuse a manager dropping another agency's branch's settings, changing nothing", async () => {
      const hfa1 = await branch('HFA1');
      await create(DEMO.superUser, { ...SETTINGS, branchId: hfa1 });
      const before = await settingsRows();

      const refusal = await refusalOf(remove(DEMO.manager, { branchId: hfa1 }));

      expect(refusal.code).toBe('FORBIDDEN');
      expect(await settingsRows()).toEqual(before);
    });
  });
});
