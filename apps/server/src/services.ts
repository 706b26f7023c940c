import { BUILD_VERSION } from '@smt/shared';
import type { FastifyBaseLogger } from 'fastify';
import { publicUrlOf, type Env } from './config/env';
import { storeOf, type Database } from './db/client';
import { createMessenger } from './delivery/messenger';
import { createDuffelGds } from './gds/duffel/duffel-adapter';
import { probeDuffel } from './gds/duffel-probe';
import type { GdsClient } from './gds/gds-client';
import { createGdsRegistry } from './gds/gds-registry';
import { createSabreGds } from './gds/sabre/sabre-adapter';
import { probeSabre } from './gds/sabre/sabre-probe';
import type { Clock } from './lib/clock';
import { createOutgoingGuard, outgoingRulesOf } from './lib/outgoing-address';
import { sealingKeyOf } from './lib/sealed-secret';
import { createAccountService } from './modules/account/account.service';
import { createCaptchaService } from './modules/auth/captcha.service';
import { loadServerSecret } from './modules/auth/server-secret';
import { createSessionService } from './modules/auth/session.service';
import { createSignInService } from './modules/auth/sign-in.service';
import { createConnections } from './modules/connections/connections.service';
import { createDuffelWebhook } from './modules/connections/duffel-webhook.service';
import { createCredits } from './modules/credits/credits.service';
import { createDashboardFiles } from './modules/dashboard/dashboard-files.service';
import { createDashboard } from './modules/dashboard/dashboard.service';
import { createDevTools } from './modules/dev/dev.service';
import { createHome } from './modules/home/home.service';
import { createImpersonationService } from './modules/impersonation/impersonation.service';
import { createLiveHub } from './modules/live/live-hub';
import { createPnrMaker } from './modules/management/create-pnr.service';
import { createDesignPropertiesAdmin } from './modules/management/design-properties.service';
import { createEngineHealth } from './modules/management/health.service';
import { createOrganisationAdmin } from './modules/management/organisation-admin.service';
import { createPnrInfo } from './modules/management/pnr-info.service';
import { createProcessSettingsAdmin } from './modules/management/process-settings.service';
import { createUserAdmin } from './modules/management/user-admin.service';
import { createNotificationDetails } from './modules/notifications/notification-details.service';
import { createNotificationList } from './modules/notifications/notification-list.service';
import { createNotificationOperations } from './modules/notifications/notification-operations.service';
import { publicConfigOf } from './modules/meta/public-config';
import { createOrganisation } from './modules/organisation/organisation.service';
import { createPnrDetails } from './modules/pnrs/pnr-details.service';
import { createPnrList } from './modules/pnrs/pnr-list.service';
import { createPnrTicketing } from './modules/pnrs/pnr-ticketing.service';
import { createPushSubscriptions } from './modules/push/push.service';
import { createShareLinks } from './modules/share/share-link';
import { createShareService } from './modules/share/share.service';
import { createSubscriptions } from './modules/subscriptions/subscriptions.service';

// The composition roots. `composeCore` makes what every process needs, whatever its role: the
// server secret and its sealing key, the outgoing guard, the messenger and the reservation
// systems' registry. `composeApi` makes the API's services over a core; a worker (SMT_ROLE=
// worker) makes a core only and builds no HTTP app (server.ts). One core per process, hence one
// messenger (issue 40). Each route plugin names the services it uses and is handed those alone
// (routes-using.ts); the app carries none, and no route reaches the database but through one.

export type ServiceDeps = {
  env: Env;
  database: Database;
  /** The reservation system's simulator, which serves simulator connections. */
  gds: GdsClient;
  /** The server's clock; tests keep a handle on it to move time. */
  clock: Clock;
  log: FastifyBaseLogger;
};

export type Core = Awaited<ReturnType<typeof composeCore>>;
export type Services = Awaited<ReturnType<typeof composeApi>>;

/**
 * Makes what every process holds once. The server secret is read (or made, at a first start)
 * before anything, so the database must be migrated: it signs access tokens, captcha challenges
 * and share links, and its sealing key guards the connections' tokens and webhook secrets.
 */
export async function composeCore(deps: ServiceDeps) {
  const { env, database, gds, clock, log } = deps;
  const db = database.db;
  const secret = await loadServerSecret(db, env);
  const sealingKey = sealingKeyOf(secret);
  const messenger = createMessenger({ env, db, clock, log });
  // Every request to an address a person gave goes through it (docs/decisions/053).
  const outgoing = createOutgoingGuard({ rules: outgoingRulesOf(env), log });
  const gdsRegistry = createGdsRegistry({
    db,
    simulator: gds,
    sealingKey,
    duffelApiUrl: env.DUFFEL_API_URL,
    makeDuffel: (access) => createDuffelGds({ ...access, guard: outgoing }),
    sabreUrls: { restUrl: env.SABRE_REST_URL, soapUrl: env.SABRE_SOAP_URL },
    makeSabre: ({ queues, ...access }) => createSabreGds({ access, queues, guard: outgoing }),
  });
  return { secret, sealingKey, messenger, outgoing, gdsRegistry };
}

/** Makes the services of an API app over the process's core. */
export function composeApi(core: Core, deps: ServiceDeps) {
  const { env, database, gds, clock, log } = deps;
  const db = database.db;
  const { secret, sealingKey, messenger, outgoing, gdsRegistry } = core;
  const sessions = createSessionService({ env, db, clock, secret, log });
  const providers = { db, gds, registry: gdsRegistry, clock };
  // The simulator is the demo's GDS: a production agency watches and books only where it really
  // sells (docs/decisions/054).
  const demoSimulator = env.APP_ENV !== 'production';
  const dashboard = createDashboard({ db });

  return {
    /** The configuration the process started with. */
    env,
    clock,
    /** What the process says of itself: its version, its store, the SPA's public settings. */
    about: {
      version: env.APP_VERSION ?? BUILD_VERSION,
      store: storeOf(database),
      publicConfig: publicConfigOf(env),
    },
    gds,
    /** The reservation system behind each agency's connection; `gds` is its simulator. */
    gdsRegistry,
    /** Seals and opens the connections' tokens and webhook secrets. */
    sealingKey,
    /** Where requests to addresses people gave go out (docs/decisions/053). */
    outgoing,
    /** The create PNR page's bookings: in the simulator only outside production. */
    pnrMaker: createPnrMaker({ ...providers, bookInSimulator: demoSimulator }),
    /** The PNR info page: any booking in the caller's scope, as the engine and its GDS see it. */
    pnrInfo: createPnrInfo(providers),
    /** The live streams of this process (docs/decisions/045). */
    live: createLiveHub({ database, log, clock }),
    messenger,
    captcha: createCaptchaService({ env, db, clock, secret }),
    signIn: createSignInService({ env, db, clock, secret, messenger }),
    sessions,
    impersonation: createImpersonationService({ db, sessions }),
    account: createAccountService({ db, clock, sessions }),
    organisationAdmin: createOrganisationAdmin({
      db,
      clock,
      newAgenciesOnSimulator: demoSimulator,
    }),
    userAdmin: createUserAdmin({ db, clock }),
    processSettingsAdmin: createProcessSettingsAdmin({ db }),
    designPropertiesAdmin: createDesignPropertiesAdmin({ db, clock }),
    /** The engine's state for the health page, whichever process runs the engine. */
    engineHealth: createEngineHealth({ db, gds, clock }),
    subscriptions: createSubscriptions({ db, clock }),
    /** Browsers' push subscriptions: whose they are, and where the workers may send. */
    pushSubscriptions: createPushSubscriptions({ db, outgoing }),
    share: createShareService({
      db,
      clock,
      links: createShareLinks(secret),
      publicUrl: publicUrlOf(env),
    }),
    connections: createConnections({
      db,
      clock,
      sealingKey,
      registry: gdsRegistry,
      duffelApiUrl: env.DUFFEL_API_URL,
      probe: (access) => probeDuffel(access, outgoing),
      sabreUrls: { restUrl: env.SABRE_REST_URL, soapUrl: env.SABRE_SOAP_URL },
      probeSabre: (access) => probeSabre(access, outgoing),
      outgoing,
    }),
    /** Duffel's webhook deliveries, which make a connection's bookings due for a check. */
    duffelWebhook: createDuffelWebhook({ db, clock, sealingKey }),
    pnrList: createPnrList({ ...providers, log }),
    pnrDetails: createPnrDetails(providers),
    pnrTicketing: createPnrTicketing(providers),
    notificationDetails: createNotificationDetails(providers),
    notificationOperations: createNotificationOperations(providers),
    notificationList: createNotificationList({ db, clock }),
    home: createHome({ db }),
    /** The organisation filter's menus: what of the organisation each caller may see. */
    organisation: createOrganisation({ db }),
    /** The dashboard's figures, and its downloads read through the same figures. */
    dashboard,
    dashboardFiles: createDashboardFiles({ db, figures: dashboard }),
    /** The credits ledger's page: its list, CSV, entries and states (issue 36). */
    credits: createCredits({ db, clock }),
    /** What the dev routes do; they are registered outside production only (app.ts). */
    devTools: createDevTools({ db, gds, clock }),
  };
}
