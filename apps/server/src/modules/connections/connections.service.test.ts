import {
  ConnectDuffelBody,
  ConnectSabreBody,
  ConnectionUpdateBody,
  connectionMessages,
  SABRE_DEFAULT_QUEUES,
  SabreUpdateBody,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { loadEnv } from '@/config/env';
import type { GdsClient } from '@/gds/gds-client';
import { probeDuffel } from '@/gds/duffel-probe';
import { SABRE_SYSTEM_QUEUES } from '@/gds/sabre/sabre-adapter';
import { probeSabre } from '@/gds/sabre/sabre-probe';
import { Clock } from '@/lib/clock';
import { createOutgoingGuard, outgoingRulesOf } from '@/lib/outgoing-address';
import { sealingKeyOf } from '@/lib/sealed-secret';
import { startDuffelStandIn, type DuffelStandIn } from '../../../test/duffel-stand-in/stand-in';
import type { SabreStandIn } from '../../../test/sabre-stand-in/stand-in';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { silentLog } from '../../../test/silent-log';
import { createConnections } from './connections.service';
import { SABRE_PASSWORD, sabreConnectForm, startQueuedSabre } from './connections.test-fixtures';

// The Connections page's rules, called as its routes call them: the forms parsed by the calls'
// schemas, the caller as `callerOf` makes them, the service built as composeApi builds it. Who
// may call each route, the HTTP answers and the forms' own refusals are
// connections.routes.test.ts's.

const TOKEN = 'duffel_test_s3cretTokenOfTheDemoAgency1234';
const OTHER_TOKEN = 'duffel_test_anotherTokenForRotation9876';
const SIMULATOR_CLOCK = new Date('2026-11-30T09:15:00Z');

let sabre: SabreStandIn;
let duffel: DuffelStandIn;

// One stand-in of each for the file: the tests only read Sabre's queues, never take a PNR off
// them, and only read Duffel's orders. Demo Travel's branches are at JRS1 and TLV1, Globe
// Tours' at HFA1; the EPR signs in at G7RE.
beforeAll(async () => {
  sabre = await startQueuedSabre();
  duffel = await startDuffelStandIn();
  duffel.addOrder({
    bookingReference: 'RZPNX8',
    slices: [
      [
        {
          airline: 'BA',
          flightNumber: '117',
          from: 'LHR',
          to: 'JFK',
          departingAt: '2026-12-10T08:25:00',
          arrivingAt: '2026-12-10T11:15:00',
          fareBasis: 'YLOWGB',
          checkedBags: 1,
        },
      ],
    ],
    passengers: [{ title: 'mrs', givenName: 'Amelia', familyName: 'Earhart', type: 'adult' }],
    totalAmount: '600.00',
    currency: 'GBP',
    conditions: { change: '80.00', refund: null },
  });
});
afterAll(async () => {
  await sabre.close();
  await duffel.close();
});

describe(createConnections.name, () => {
  const database = useServiceDatabase();
  let sut: ReturnType<typeof createConnections>;
  const ids = { demoTravel: 0, globe: 0, demoBranch: 0, globeBranch: 0 };

  beforeEach(async () => {
    // Port 1 of loopback stands for an API address that does not answer: the operator allows it.
    // The operator's Duffel and Sabre addresses are the stand-ins': the guard lets them through.
    const env = loadEnv({
      APP_ENV: 'local',
      LOG_LEVEL: 'silent',
      OUTGOING_ALLOWED_HOSTS: '127.0.0.1:1',
      DUFFEL_API_URL: duffel.url,
      SABRE_REST_URL: sabre.restUrl,
      SABRE_SOAP_URL: sabre.soapUrl,
    });
    const outgoing = createOutgoingGuard({ rules: outgoingRulesOf(env), log: silentLog });
    sut = createConnections({
      db: database.db,
      clock: new Clock(),
      sealingKey: sealingKeyOf('the service test secret'),
      // The simulator as a connection's test reads it: its clock alone.
      registry: {
        forget: () => undefined,
        simulator: { now: async () => new Date(SIMULATOR_CLOCK) } as GdsClient,
      },
      duffelApiUrl: env.DUFFEL_API_URL,
      probe: (access) => probeDuffel(access, outgoing),
      sabreUrls: { restUrl: env.SABRE_REST_URL, soapUrl: env.SABRE_SOAP_URL },
      probeSabre: (access) => probeSabre(access, outgoing),
      outgoing,
    });
    const rows = await queryRows<{ agency: string; agency_id: number; branch_id: number }>(
      database.db,
      sql`select a.name as agency, a.id as agency_id, min(b.id) as branch_id
          from agencies a join branches b on b.agency_id = a.id group by a.name, a.id`,
    );
    const demo = rows.find((row) => row.agency === 'Demo Travel');
    const globe = rows.find((row) => row.agency !== 'Demo Travel');
    if (!demo || !globe) throw new Error('the demo organisation has not its two agencies');
    ids.demoTravel = demo.agency_id;
    ids.demoBranch = demo.branch_id;
    ids.globe = globe.agency_id;
    ids.globeBranch = globe.branch_id;
  });

  const as = (person: DemoPerson) => callerAs(database.db, person);
  const items = async (person: DemoPerson, agencyId?: number) =>
    sut.list(await as(person), agencyId);
  const connectDuffel = async (
    person: DemoPerson,
    over: Partial<z.input<typeof ConnectDuffelBody>> = {},
  ) =>
    sut.connectDuffel(
      await as(person),
      ConnectDuffelBody.parse({
        agencyId: ids.demoTravel,
        token: TOKEN,
        defaultBranchId: ids.demoBranch,
        ...over,
      }),
    );
  const update = async (person: DemoPerson, form: z.input<typeof ConnectionUpdateBody>) =>
    sut.update(await as(person), ConnectionUpdateBody.parse(form));
  const connectSabre = async (
    person: DemoPerson,
    over: Partial<z.input<typeof ConnectSabreBody>> = {},
  ) =>
    sut.connectSabre(
      await as(person),
      ConnectSabreBody.parse({ ...sabreConnectForm(sabre, ids.demoTravel), ...over }),
    );
  const updateSabre = async (person: DemoPerson, form: z.input<typeof SabreUpdateBody>) =>
    sut.updateSabre(await as(person), SabreUpdateBody.parse(form));
  const testAs = async (person: DemoPerson, connectionId: number) =>
    sut.test(await as(person), connectionId);
  const sealedOf = async (id: number) =>
    (
      await queryRows<{ sealed_token: string }>(
        database.db,
        sql`select sealed_token from gds_connections where id = ${id}`,
      )
    )[0]?.sealed_token;
  const simulatorOf = async (person: DemoPerson) => {
    const [simulator] = (await items(person)).filter((item) => item.provider === 'SIMULATOR');
    if (!simulator) throw new Error(`no simulator connection for ${person.email}`);
    return simulator;
  };
  const auditOf = (connectionId: number) =>
    queryRows<{ action: string; details: string }>(
      database.db,
      sql`select action, details::text as details from audit_log
          where entity_type = 'connection' and entity_id = ${String(connectionId)} order by id`,
    );

  describe('list', () => {
    it('should show every agency on the simulator to a super user, and their own to a manager', async () => {
      const all = await items(DEMO.superUser);
      expect(
        all
          .filter((item) => item.provider === 'SIMULATOR')
          .map((item) => item.agencyId)
          .sort(),
      ).toEqual([ids.demoTravel, ids.globe].sort());
      expect(all.every((item) => item.tokenHint === null && item.status === 'ACTIVE')).toBe(true);

      const own = await items(DEMO.manager);
      expect(own.map((item) => item.agencyId)).toEqual([ids.demoTravel]);
      // Asking for another agency's changes nothing: the scope decides.
      expect(await items(DEMO.manager, ids.globe)).toEqual([]);
    });
  });

  describe('connectDuffel', () => {
    it('should connect Duffel with the token sealed, shown only by its last four characters', async () => {
      const item = await connectDuffel(DEMO.manager, { webhookSecret: 'whsec-of-the-demo-agency' });
      expect(item).toMatchObject({
        provider: 'DUFFEL',
        status: 'ACTIVE',
        tokenHint: '1234',
        hasWebhookSecret: true,
        defaultBranchId: ids.demoBranch,
        agentMetadataKey: 'agent_email',
        paymentType: 'balance',
        webhookPath: `/api/webhooks/duffel/${item.id}`,
        apiUrl: null,
      });
      expect(JSON.stringify(item)).not.toContain('s3cret');

      const [stored] = await queryRows<{ sealed_token: string; sealed_webhook_secret: string }>(
        database.db,
        sql`select sealed_token, sealed_webhook_secret from gds_connections where id = ${item.id}`,
      );
      expect(stored?.sealed_token).toMatch(/^v1\./);
      expect(stored?.sealed_token).not.toContain('s3cret');
      expect(stored?.sealed_webhook_secret).not.toContain('whsec');
      const audit = await auditOf(item.id);
      expect(audit.map((row) => row.action)).toEqual(['connection.connect']);
      expect(audit[0]?.details).not.toContain('s3cret');
      expect(audit[0]?.details).not.toContain('whsec');
    });

    it('should refuse a second live Duffel connection of the same agency', async () => {
      await connectDuffel(DEMO.manager);
      expect(await refusalOf(connectDuffel(DEMO.manager))).toMatchObject({
        reason: 'connections.already-connected',
        message: connectionMessages.alreadyConnected,
      });
    });

    it('should refuse another agency, or a branch outside the agency, and change nothing', async () => {
      const before = await items(DEMO.superUser);
      expect(await refusalOf(connectDuffel(DEMO.manager, { agencyId: ids.globe }))).toMatchObject({
        reason: 'connections.agency-outside',
      });
      const branch = await refusalOf(
        connectDuffel(DEMO.superUser, { agencyId: ids.globe, defaultBranchId: ids.demoBranch }),
      );
      expect(branch.fieldErrors?.defaultBranchId).toBe(connectionMessages.branchOutside);
      expect(await items(DEMO.superUser)).toEqual(before);
    });

    it('should take an API address from a super user only', async () => {
      const managers = await refusalOf(
        connectDuffel(DEMO.manager, { apiUrl: 'https://duffel.example' }),
      );
      expect(managers.fieldErrors?.apiUrl).toBe(connectionMessages.apiUrlSuperOnly);
    });
  });

  describe('connectSabre', () => {
    it('should connect Sabre with the password sealed and shown nowhere, on the system queues by default', async () => {
      const item = await connectSabre(DEMO.manager, { customerNumber: ' 1234567 ' });
      expect(item).toMatchObject({
        agencyId: ids.demoTravel,
        provider: 'SABRE',
        status: 'ACTIVE',
        environment: 'CERT',
        username: '7971',
        signInPcc: 'G7RE',
        customerNumber: '1234567',
        queues: [5, 6, 7, 9, 17, 18],
        watchedPccs: ['JRS1', 'TLV1'],
        tokenHint: null,
        hasWebhookSecret: false,
        webhookPath: null,
        defaultBranchId: null,
        paymentType: null,
        lastTest: null,
      });
      // The form's default and the adapter's are one list.
      expect(item.queues).toEqual([...SABRE_SYSTEM_QUEUES]);
      expect(SABRE_DEFAULT_QUEUES).toEqual([...SABRE_SYSTEM_QUEUES]);
      expect((await items(DEMO.manager)).find((i) => i.id === item.id)).toEqual(item);
      expect(JSON.stringify(item)).not.toContain(SABRE_PASSWORD);

      const sealed = await sealedOf(item.id);
      expect(sealed).toMatch(/^v1\./);
      expect(sealed).not.toContain(SABRE_PASSWORD);
      const audit = await auditOf(item.id);
      expect(audit.map((row) => row.action)).toEqual(['connection.connect']);
      expect(JSON.parse(audit[0]?.details ?? '{}')).toEqual({
        provider: 'SABRE',
        agencyId: ids.demoTravel,
        environment: 'CERT',
        epr: '7971',
        pcc: 'G7RE',
        customerNumber: '1234567',
        queues: [5, 6, 7, 9, 17, 18],
      });
    });

    it('should refuse a second live Sabre connection of the same agency', async () => {
      await connectSabre(DEMO.manager);
      expect(await refusalOf(connectSabre(DEMO.manager))).toMatchObject({
        reason: 'connections.already-connected',
        message: connectionMessages.sabreAlreadyConnected,
      });
    });

    it("should refuse another agency's manager for this agency", async () => {
      expect(await refusalOf(connectSabre(DEMO.globeManager))).toMatchObject({
        reason: 'connections.agency-outside',
      });
    });
  });

  describe('updateSabre', () => {
    it('should keep the password when an update gives none, and audit what changed', async () => {
      const { id } = await connectSabre(DEMO.manager);
      const before = await sealedOf(id);
      const item = await updateSabre(DEMO.manager, {
        connectionId: id,
        queues: [9, 5, 100],
        customerNumber: null,
        environment: 'PROD',
      });
      expect(item).toMatchObject({
        queues: [9, 5, 100],
        customerNumber: null,
        environment: 'PROD',
      });
      expect(await sealedOf(id)).toBe(before);
      expect((await testAs(DEMO.manager, id)).message).toBe(
        'Signed in to Sabre production as EPR 7971 at G7RE. JRS1 queues: 9 (1), 5 (2), 100 (0); TLV1 queues: 9 (0), 5 (0), 100 (0)',
      );
      const updates = (await auditOf(id)).filter((row) => row.action === 'connection.update');
      expect(JSON.parse(updates.at(-1)?.details ?? '{}')).toEqual({
        environment: 'PROD',
        customerNumber: null,
        queues: [9, 5, 100],
      });
    });

    it('should say Sabre refused the sign-in when the password is wrong, then work with the right one', async () => {
      const { id } = await connectSabre(DEMO.manager);
      await updateSabre(DEMO.manager, { connectionId: id, password: 'NOT-THE-PASSWORD' });
      expect(await testAs(DEMO.manager, id)).toMatchObject({
        ok: false,
        message: 'Sabre refused the EPR, PCC or password',
      });
      const updates = (await auditOf(id)).filter((row) => row.action === 'connection.update');
      expect(JSON.parse(updates.at(-1)?.details ?? '{}')).toEqual({ password: 'replaced' });

      await updateSabre(DEMO.manager, { connectionId: id, password: SABRE_PASSWORD });
      expect((await testAs(DEMO.manager, id)).ok).toBe(true);
      const audits = await auditOf(id);
      expect(audits.filter((row) => row.details.includes(SABRE_PASSWORD))).toEqual([]);
    });

    it("should refuse Duffel's settings for a Sabre connection and Sabre's for another, changing nothing", async () => {
      const made = await connectSabre(DEMO.manager);
      const simulator = await simulatorOf(DEMO.manager);
      const before = await items(DEMO.manager);
      expect(
        await refusalOf(update(DEMO.manager, { connectionId: made.id, token: TOKEN })),
      ).toMatchObject({
        reason: 'connections.wrong-provider',
        message: connectionMessages.sabreSettingsOnly,
      });
      expect(
        await refusalOf(updateSabre(DEMO.manager, { connectionId: simulator.id, epr: '7971' })),
      ).toMatchObject({
        reason: 'connections.wrong-provider',
        message: connectionMessages.notSabre,
      });
      expect(await items(DEMO.manager)).toEqual(before);
    });

    it("should not find another agency's Sabre connection by its id, and change nothing", async () => {
      const { id } = await connectSabre(DEMO.manager);
      const globeManager = await as(DEMO.globeManager);
      const notFound = { reason: 'connections.not-found', message: connectionMessages.notFound };
      expect(await refusalOf(sut.test(globeManager, id))).toMatchObject(notFound);
      expect(
        await refusalOf(
          sut.updateSabre(globeManager, SabreUpdateBody.parse({ connectionId: id, queues: [1] })),
        ),
      ).toMatchObject(notFound);
      expect(await refusalOf(sut.disconnect(globeManager, id))).toMatchObject(notFound);
      expect((await items(DEMO.manager)).find((i) => i.id === id)).toMatchObject({
        status: 'ACTIVE',
        queues: [5, 6, 7, 9, 17, 18],
        lastTest: null,
      });
    });
  });

  describe('test', () => {
    it("should report each watched queue's count of each branch's PCC when Sabre is tested, and keep it", async () => {
      const { id } = await connectSabre(DEMO.manager);
      const result = await testAs(DEMO.manager, id);
      expect(result).toMatchObject({
        ok: true,
        message:
          'Signed in to Sabre certification as EPR 7971 at G7RE. ' +
          'JRS1 queues: 5 (2), 6 (0), 7 (0), 9 (1), 17 (0), 18 (0); ' +
          'TLV1 queues: 5 (0), 6 (0), 7 (0), 9 (0), 17 (1), 18 (0)',
      });
      expect((await items(DEMO.manager)).find((i) => i.id === id)?.lastTest).toEqual(result);
    });

    it("should test a super user's Sabre connection of another agency on that agency's PCCs, or its sign-in PCC without any", async () => {
      const made = await connectSabre(DEMO.superUser, { agencyId: ids.globe, environment: 'PROD' });
      expect(made).toMatchObject({ agencyName: 'Globe Tours', watchedPccs: ['HFA1'] });
      // The PCCs tested are those of the connection's agency's enabled branches; with none, the
      // sign-in PCC.
      expect((await testAs(DEMO.superUser, made.id)).message).toBe(
        'Signed in to Sabre production as EPR 7971 at G7RE. HFA1 queues: 5 (0), 6 (0), 7 (0), 9 (0), 17 (0), 18 (0)',
      );
      await database.db.execute(sql`update branches set enabled = false where pcc = 'HFA1'`);
      expect((await testAs(DEMO.superUser, made.id)).message).toBe(
        'Signed in to Sabre production as EPR 7971 at G7RE. G7RE queues: 5 (0), 6 (0), 7 (1), 9 (0), 17 (0), 18 (0)',
      );
    });

    it('should say what a Duffel token reads, in its mode', async () => {
      const { id } = await connectDuffel(DEMO.manager, { token: duffel.token });
      expect(await testAs(DEMO.manager, id)).toMatchObject({
        ok: true,
        message: `Test mode: the token reads orders at ${new URL(duffel.url).host} (1 order)`,
      });
    });

    it('should say a refused Duffel token is refused, and keep it out of the answer', async () => {
      const { id } = await connectDuffel(DEMO.manager, {
        token: 'duffel_test_notTheStandInsToken0000',
      });
      const result = await testAs(DEMO.manager, id);
      expect(result.ok).toBe(false);
      expect(result.message).toMatch(/refused the token \(401\)/);
      expect(result.message).not.toContain('notTheStandIns');
    });

    it('should say why a test failed when the address cannot be reached, and keep the result', async () => {
      const { id } = await connectDuffel(DEMO.superUser, {
        agencyId: ids.globe,
        defaultBranchId: ids.globeBranch,
        token: OTHER_TOKEN,
        // Nothing listens on port 1 of this machine.
        apiUrl: 'https://127.0.0.1:1',
      });
      const result = await sut.test(await as(DEMO.superUser), id);
      expect(result).toMatchObject({ ok: false, message: '127.0.0.1:1 could not be reached' });
      const [item] = (await items(DEMO.superUser, ids.globe)).filter((i) => i.id === id);
      expect(item?.lastTest).toEqual(result);
    });

    it("should read the simulator's clock when the simulator connection is tested", async () => {
      const simulator = await simulatorOf(DEMO.manager);
      expect((await sut.test(await as(DEMO.manager), simulator.id)).message).toBe(
        'The embedded simulator answers; its clock reads 30/11/2026 09:15 UTC',
      );
    });
  });

  describe('update', () => {
    it('should replace a token, and refuse a token for the simulator', async () => {
      const duffel = await connectDuffel(DEMO.manager);
      expect(
        (await update(DEMO.manager, { connectionId: duffel.id, token: OTHER_TOKEN })).tokenHint,
      ).toBe('9876');
      const simulator = await simulatorOf(DEMO.manager);
      expect(
        await refusalOf(update(DEMO.manager, { connectionId: simulator.id, token: TOKEN })),
      ).toMatchObject({ message: connectionMessages.simulatorHasNoToken });
    });

    it('should switch how Duffel is paid to ARC/BSP cash, audited, and refuse a payment setting for the simulator', async () => {
      const duffel = await connectDuffel(DEMO.manager);
      const changed = await update(DEMO.manager, {
        connectionId: duffel.id,
        paymentType: 'arc_bsp_cash',
      });
      expect(changed.paymentType).toBe('arc_bsp_cash');
      const audit = (await auditOf(duffel.id)).filter((row) => row.action === 'connection.update');
      expect(JSON.parse(audit.at(-1)?.details ?? '{}')).toMatchObject({
        paymentType: 'arc_bsp_cash',
      });

      const simulator = await simulatorOf(DEMO.manager);
      expect(simulator.paymentType).toBeNull();
      const refused = await refusalOf(
        update(DEMO.manager, { connectionId: simulator.id, paymentType: 'balance' }),
      );
      expect(refused.fieldErrors?.paymentType).toBe(connectionMessages.simulatorTakesNoPayment);
      const [after] = (await items(DEMO.manager)).filter((i) => i.provider === 'DUFFEL');
      expect(after?.paymentType).toBe('arc_bsp_cash');
    });
  });

  describe('disconnect', () => {
    it("should not find another agency's connection by its id, and leave it connected", async () => {
      const [globe] = await items(DEMO.superUser, ids.globe);
      if (!globe) throw new Error('no connection of the other agency');
      expect(await refusalOf(sut.disconnect(await as(DEMO.manager), globe.id))).toMatchObject({
        reason: 'connections.not-found',
        message: connectionMessages.notFound,
      });
      expect((await items(DEMO.superUser, ids.globe))[0]?.status).toBe('ACTIVE');
    });

    it('should stop watching bookings when the simulator is disconnected, keep them, and test it no more', async () => {
      const count = async () =>
        (
          await queryRows<{ watched: number; all: number }>(
            database.db,
            sql`select count(*) filter (where monitored)::int as watched, count(*)::int as all
                from bookings where agency_id = ${ids.demoTravel}`,
          )
        )[0];
      await database.db.execute(
        sql`insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at)
            select 'SIM', 'CONN01', ${ids.demoTravel}, b.id, a.id, now()
            from agents a join branches b on b.id = a.branch_id
            where b.agency_id = ${ids.demoTravel} limit 1`,
      );
      expect(await count()).toEqual({ watched: 1, all: 1 });

      const simulator = await simulatorOf(DEMO.manager);
      const manager = await as(DEMO.manager);
      expect(await sut.disconnect(manager, simulator.id)).toMatchObject({
        status: 'DISCONNECTED',
      });
      expect(await count()).toEqual({ watched: 0, all: 1 });
      expect(await refusalOf(sut.test(manager, simulator.id))).toMatchObject({
        reason: 'connections.disconnected',
        message: connectionMessages.disconnected,
      });
    });
  });
});
