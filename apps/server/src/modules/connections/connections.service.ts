import {
  connectionMessages as messages,
  duffelWebhookPath,
  utcTimeText,
  type ConnectionItem,
  type ConnectionTestResult,
  type DuffelPaymentType,
} from '@smt/shared';
import type { Db } from '@/db/client';
import type { ProbeResult } from '@/gds/duffel-probe';
import type { DuffelAccess, GdsRegistry } from '@/gds/gds-registry';
import { sabreAccessOf, type SabreEnvironment } from '@/gds/sabre/sabre-access';
import { SABRE_SYSTEM_QUEUES } from '@/gds/sabre/sabre-adapter';
import type { SabreProbeAccess } from '@/gds/sabre/sabre-probe';
import type { Clock } from '@/lib/clock';
import { OutgoingRefused, type OutgoingGuard } from '@/lib/outgoing-address';
import { openSecret, sealSecret } from '@/lib/sealed-secret';
import { auditChange } from '@/modules/audit';
import { uniqueViolationOf } from '@/modules/management/database-conflict';
import type { Caller } from '@/modules/management/organisation-admin.service';
import { fail } from './connections.errors';
import * as repo from './connections.repository';

// The rules of the Connections page: a super user manages any agency's connections, an agency
// manager their own agency's. Tokens, webhook secrets and Sabre passwords are sealed with the
// agency as their context, never answered, never logged, never audited; every change is audited.

export type ConnectDuffel = {
  agencyId: number;
  token: string;
  apiUrl?: string | undefined;
  webhookSecret?: string | undefined;
  defaultBranchId: number;
  agentMetadataKey: string;
  paymentType: DuffelPaymentType;
};

export type ConnectionChanges = {
  connectionId: number;
  token?: string | undefined;
  webhookSecret?: string | undefined;
  defaultBranchId?: number | undefined;
  agentMetadataKey?: string | undefined;
  paymentType?: DuffelPaymentType | undefined;
};

export type ConnectSabre = {
  agencyId: number;
  environment: SabreEnvironment;
  epr: string;
  pcc: string;
  password: string;
  customerNumber?: string | undefined;
  queues: number[];
};

export type SabreChanges = {
  connectionId: number;
  environment?: SabreEnvironment | undefined;
  epr?: string | undefined;
  pcc?: string | undefined;
  password?: string | undefined;
  customerNumber?: string | null | undefined;
  queues?: number[] | undefined;
};

const contextOf = (agencyId: number) => `agency:${agencyId}`;
const hintOf = (token: string) => token.slice(-4);

export function itemOf(view: repo.ConnectionView): ConnectionItem {
  const { connection } = view;
  return {
    id: connection.id,
    agencyId: connection.agencyId,
    agencyName: view.agencyName,
    provider: connection.provider,
    status: connection.status,
    apiUrl: connection.apiUrl,
    tokenHint: connection.tokenHint,
    hasWebhookSecret: connection.sealedWebhookSecret !== null,
    webhookPath: connection.provider === 'DUFFEL' ? duffelWebhookPath(connection.id) : null,
    defaultBranchId: connection.defaultBranchId,
    defaultBranchName: view.defaultBranchName,
    agentMetadataKey: connection.agentMetadataKey,
    paymentType: connection.provider === 'DUFFEL' ? connection.paymentType : null,
    environment: connection.environment,
    username: connection.username,
    signInPcc: connection.signInPcc,
    customerNumber: connection.customerNumber,
    queues: connection.queues,
    watchedPccs: connection.provider === 'SABRE' ? view.watchedPccs : [],
    lastTest: connection.lastTest,
    bookingsMonitored: view.bookingsMonitored,
    createdAt: connection.createdAt.toISOString(),
    disconnectedAt: connection.disconnectedAt?.toISOString() ?? null,
  };
}

export function createConnections(deps: {
  db: Db;
  clock: Clock;
  sealingKey: Buffer;
  registry: Pick<GdsRegistry, 'forget' | 'simulator'>;
  duffelApiUrl: string;
  probe: (access: DuffelAccess) => Promise<ProbeResult>;
  /** SABRE_REST_URL and SABRE_SOAP_URL where the operator set them, over either environment's. */
  sabreUrls: { restUrl?: string | undefined; soapUrl?: string | undefined };
  probeSabre: (access: SabreProbeAccess) => Promise<ProbeResult>;
  /** Checks an API address when a super user gives it (docs/decisions/053). */
  outgoing: Pick<OutgoingGuard, 'check'>;
}) {
  const { db, clock, sealingKey } = deps;

  // A branch manager's scope would read its agency's connections: agency-wide means agency scope.
  const assertAgencyWide = (caller: Caller) => {
    if (caller.scope.kind !== 'superUser' && caller.scope.kind !== 'agency')
      throw fail('connections.agency-only', messages.agencyOnly);
  };
  const inScope = async (caller: Caller, id: number) => {
    assertAgencyWide(caller);
    const view = await repo.findConnectionInScope(db, caller.scope, id);
    if (!view) throw fail('connections.not-found', messages.notFound);
    return view;
  };
  const live = async (caller: Caller, id: number) => {
    const view = await inScope(caller, id);
    if (view.connection.status !== 'ACTIVE')
      throw fail('connections.disconnected', messages.disconnected);
    return view;
  };
  const assertBranch = async (agencyId: number, branchId: number) => {
    if (!(await repo.branchOfAgency(db, agencyId, branchId)))
      throw fail('connections.branch-outside', messages.branchOutside, {
        defaultBranchId: messages.branchOutside,
      });
  };
  const reread = async (caller: Caller, id: number) => itemOf(await inScope(caller, id));
  // Refused when given, so nothing is stored that the engine would call every minute; the
  // reason is the guard's own words, for the super user who gave it.
  const assertReachable = async (apiUrl: string) => {
    try {
      await deps.outgoing.check(apiUrl);
    } catch (error) {
      if (!(error instanceof OutgoingRefused)) throw error;
      const message = `${messages.apiUrlRefused} (${error.reason})`;
      throw fail('connections.api-url-refused', message, { apiUrl: message });
    }
  };

  // What the registry makes the connection's client from, with the environment it names; a
  // Sabre connection's is tested on each PCC it watches, found in the caller's scope.
  const probeOf = async (caller: Caller, connection: repo.ConnectionRow): Promise<ProbeResult> => {
    const secret = connection.sealedToken
      ? openSecret(sealingKey, connection.sealedToken, contextOf(connection.agencyId))
      : null;
    if (connection.provider === 'SABRE')
      return secret === null
        ? { ok: false, message: 'The stored password cannot be opened: enter the password again' }
        : deps.probeSabre({
            ...sabreAccessOf(connection, secret, deps.sabreUrls, SABRE_SYSTEM_QUEUES),
            pccs: await repo.watchedPccsOf(db, caller.scope, connection.agencyId),
          });
    return secret === null
      ? { ok: false, message: 'The stored token cannot be opened: enter the token again' }
      : deps.probe({ token: secret, apiUrl: connection.apiUrl ?? deps.duffelApiUrl });
  };

  return {
    async list(caller: Caller, agencyId: number | undefined): Promise<ConnectionItem[]> {
      assertAgencyWide(caller);
      return (await repo.listConnections(db, caller.scope, agencyId)).map(itemOf);
    },

    async connectDuffel(caller: Caller, body: ConnectDuffel): Promise<ConnectionItem> {
      assertAgencyWide(caller);
      if (!(await repo.agencyInScope(db, caller.scope, body.agencyId)))
        throw fail('connections.agency-outside', 'You may not manage that agency.');
      // An address of the caller's choosing is a request this server makes: super users only.
      if (body.apiUrl !== undefined && caller.scope.kind !== 'superUser')
        throw fail('connections.api-url-super-only', messages.apiUrlSuperOnly, {
          apiUrl: messages.apiUrlSuperOnly,
        });
      if (body.apiUrl !== undefined) await assertReachable(body.apiUrl);
      await assertBranch(body.agencyId, body.defaultBranchId);
      if (await repo.liveConnectionOf(db, body.agencyId, 'DUFFEL'))
        throw fail('connections.already-connected', messages.alreadyConnected);
      const context = contextOf(body.agencyId);
      const id = await db.transaction(async (tx) => {
        const made = await repo.insertConnection(tx, {
          agencyId: body.agencyId,
          provider: 'DUFFEL',
          apiUrl: body.apiUrl ?? null,
          sealedToken: sealSecret(sealingKey, body.token, context),
          tokenHint: hintOf(body.token),
          sealedWebhookSecret: body.webhookSecret
            ? sealSecret(sealingKey, body.webhookSecret, context)
            : null,
          defaultBranchId: body.defaultBranchId,
          agentMetadataKey: body.agentMetadataKey,
          paymentType: body.paymentType,
        });
        await auditChange(tx, caller, {
          action: 'connection.connect',
          entityType: 'connection',
          entityId: made,
          details: {
            provider: 'DUFFEL',
            agencyId: body.agencyId,
            defaultBranchId: body.defaultBranchId,
            agentMetadataKey: body.agentMetadataKey,
            paymentType: body.paymentType,
            apiUrl: body.apiUrl ?? null,
            tokenHint: hintOf(body.token),
            webhookSecret: body.webhookSecret !== undefined,
          },
        });
        return made;
      });
      return reread(caller, id);
    },

    async connectSabre(caller: Caller, body: ConnectSabre): Promise<ConnectionItem> {
      assertAgencyWide(caller);
      if (!(await repo.agencyInScope(db, caller.scope, body.agencyId)))
        throw fail('connections.agency-outside', 'You may not manage that agency.');
      if (await repo.liveConnectionOf(db, body.agencyId, 'SABRE'))
        throw fail('connections.already-connected', messages.sabreAlreadyConnected);
      const settings = {
        environment: body.environment,
        epr: body.epr,
        pcc: body.pcc,
        customerNumber: body.customerNumber ?? null,
        queues: body.queues,
      };
      const id = await db
        .transaction(async (tx) => {
          const made = await repo.insertConnection(tx, {
            agencyId: body.agencyId,
            provider: 'SABRE',
            environment: settings.environment,
            username: settings.epr,
            signInPcc: settings.pcc,
            // Sealed as a Duffel token is; no part of it is ever shown, so no hint.
            sealedToken: sealSecret(sealingKey, body.password, contextOf(body.agencyId)),
            tokenHint: null,
            customerNumber: settings.customerNumber,
            queues: settings.queues,
          });
          await auditChange(tx, caller, {
            action: 'connection.connect',
            entityType: 'connection',
            entityId: made,
            details: { provider: 'SABRE', agencyId: body.agencyId, ...settings },
          });
          return made;
        })
        .catch((error: unknown) => {
          // Two managers at once: the check above saw neither, the live-connection index sees both.
          if (uniqueViolationOf(error) === 'gds_connections_live_key')
            throw fail('connections.already-connected', messages.sabreAlreadyConnected);
          throw error;
        });
      return reread(caller, id);
    },

    async updateSabre(caller: Caller, body: SabreChanges): Promise<ConnectionItem> {
      const { connection } = await live(caller, body.connectionId);
      if (connection.provider !== 'SABRE')
        throw fail('connections.wrong-provider', messages.notSabre);
      const settings = {
        ...(body.environment !== undefined && { environment: body.environment }),
        ...(body.epr !== undefined && { epr: body.epr }),
        ...(body.pcc !== undefined && { pcc: body.pcc }),
        ...(body.customerNumber !== undefined && { customerNumber: body.customerNumber }),
        ...(body.queues !== undefined && { queues: body.queues }),
      };
      await db.transaction(async (tx) => {
        await repo.updateConnection(
          tx,
          connection.id,
          {
            ...(settings.environment !== undefined && { environment: settings.environment }),
            ...(settings.epr !== undefined && { username: settings.epr }),
            ...(settings.pcc !== undefined && { signInPcc: settings.pcc }),
            ...(settings.customerNumber !== undefined && {
              customerNumber: settings.customerNumber,
            }),
            ...(settings.queues !== undefined && { queues: settings.queues }),
            ...(body.password !== undefined && {
              sealedToken: sealSecret(sealingKey, body.password, contextOf(connection.agencyId)),
            }),
          },
          clock.now(),
        );
        await auditChange(tx, caller, {
          action: 'connection.update',
          entityType: 'connection',
          entityId: connection.id,
          details: { ...settings, ...(body.password !== undefined && { password: 'replaced' }) },
        });
      });
      deps.registry.forget(connection.id);
      return reread(caller, connection.id);
    },

    async update(caller: Caller, body: ConnectionChanges): Promise<ConnectionItem> {
      const { connection } = await live(caller, body.connectionId);
      if (connection.provider === 'SABRE')
        throw fail('connections.wrong-provider', messages.sabreSettingsOnly);
      const secrets = body.token !== undefined || body.webhookSecret !== undefined;
      if (connection.provider === 'SIMULATOR' && secrets)
        throw fail('connections.simulator-has-no-token', messages.simulatorHasNoToken);
      if (connection.provider === 'SIMULATOR' && body.paymentType !== undefined)
        throw fail('connections.simulator-takes-no-payment', messages.simulatorTakesNoPayment, {
          paymentType: messages.simulatorTakesNoPayment,
        });
      if (body.defaultBranchId !== undefined)
        await assertBranch(connection.agencyId, body.defaultBranchId);
      const context = contextOf(connection.agencyId);
      await db.transaction(async (tx) => {
        await repo.updateConnection(
          tx,
          connection.id,
          {
            ...(body.token !== undefined && {
              sealedToken: sealSecret(sealingKey, body.token, context),
              tokenHint: hintOf(body.token),
            }),
            ...(body.webhookSecret !== undefined && {
              sealedWebhookSecret: sealSecret(sealingKey, body.webhookSecret, context),
            }),
            ...(body.defaultBranchId !== undefined && { defaultBranchId: body.defaultBranchId }),
            ...(body.agentMetadataKey !== undefined && {
              agentMetadataKey: body.agentMetadataKey,
            }),
            ...(body.paymentType !== undefined && { paymentType: body.paymentType }),
          },
          clock.now(),
        );
        await auditChange(tx, caller, {
          action: 'connection.update',
          entityType: 'connection',
          entityId: connection.id,
          details: {
            ...(body.token !== undefined && { token: 'replaced', tokenHint: hintOf(body.token) }),
            ...(body.webhookSecret !== undefined && { webhookSecret: 'replaced' }),
            ...(body.defaultBranchId !== undefined && { defaultBranchId: body.defaultBranchId }),
            ...(body.agentMetadataKey !== undefined && {
              agentMetadataKey: body.agentMetadataKey,
            }),
            ...(body.paymentType !== undefined && { paymentType: body.paymentType }),
          },
        });
      });
      deps.registry.forget(connection.id);
      return reread(caller, connection.id);
    },

    async test(caller: Caller, connectionId: number): Promise<ConnectionTestResult> {
      const { connection } = await live(caller, connectionId);
      let result: ProbeResult;
      if (connection.provider === 'SIMULATOR') {
        const at = await deps.registry.simulator.now();
        result = {
          ok: true,
          message: `The embedded simulator answers; its clock reads ${utcTimeText(at)}`,
        };
      } else {
        result = await probeOf(caller, connection);
      }
      const test = { ...result, at: clock.now().toISOString() };
      await db.transaction(async (tx) => {
        await repo.recordTest(tx, connection.id, test);
        await auditChange(tx, caller, {
          action: 'connection.test',
          entityType: 'connection',
          entityId: connection.id,
          details: test,
        });
      });
      return test;
    },

    async disconnect(caller: Caller, connectionId: number): Promise<ConnectionItem> {
      const { connection } = await live(caller, connectionId);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.updateConnection(
          tx,
          connection.id,
          { status: 'DISCONNECTED', disconnectedAt: now },
          now,
        );
        const stopped = await repo.stopMonitoring(tx, connection);
        await auditChange(tx, caller, {
          action: 'connection.disconnect',
          entityType: 'connection',
          entityId: connection.id,
          details: { provider: connection.provider, bookingsStopped: stopped },
        });
      });
      deps.registry.forget(connection.id);
      return reread(caller, connection.id);
    },
  };
}
