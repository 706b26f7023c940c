import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { Database } from './db/client';
import './lib/zod-messages';
import { isDevEnvironment } from './config/env';
import { answerSerializerCompiler } from './lib/answer-serializer';
import { Clock } from './lib/clock';
import { createLifecycle, type Lifecycle } from './lib/lifecycle';
import { OneLinePerRequest } from './lib/request-log';
import { trustProxyOf } from './lib/trust-proxy';
import { createGds } from './gds/create-gds';
import type { GdsClient } from './gds/gds-client';
import { authRoutes } from './modules/auth/auth.routes';
import { dashboardFilesRoutes } from './modules/dashboard/dashboard-files.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { healthRoutes } from './modules/management/health.routes';
import { createPnrRoutes } from './modules/management/create-pnr.routes';
import { pnrInfoRoutes } from './modules/management/pnr-info.routes';
import { organisationAdminRoutes } from './modules/management/organisation-admin.routes';
import { processSettingsRoutes } from './modules/management/process-settings.routes';
import { designPropertiesRoutes } from './modules/management/design-properties.routes';
import { userAdminRoutes } from './modules/management/user-admin.routes';
import { homeRoutes } from './modules/home/home.routes';
import { notificationDetailsRoutes } from './modules/notifications/notification-details.routes';
import { notificationListRoutes } from './modules/notifications/notification-list.routes';
import { organisationRoutes } from './modules/organisation/organisation.routes';
import { shareRoutes } from './modules/share/share.routes';
import { devBookingsRoutes } from './modules/dev/dev-bookings.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { metaRoutes } from './modules/meta/meta.routes';
import { pnrsRoutes } from './modules/pnrs/pnrs.routes';
import { pushRoutes } from './modules/push/push.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { usersRoutes } from './modules/users/users.routes';
import { accountRoutes } from './modules/account/account.routes';
import { connectionsRoutes } from './modules/connections/connections.routes';
import { creditsRoutes } from './modules/credits/credits.routes';
import { duffelWebhookRoutes } from './modules/connections/duffel-webhook.routes';
import { impersonationRoutes } from './modules/impersonation/impersonation.routes';
import { liveRoutes } from './modules/live/live.routes';
import { observabilityPlugin } from './observability/observability.plugin';
import { authPlugin } from './plugins/auth';
import { WEB_DIST_DIR } from './paths';
import { docsPlugin } from './plugins/docs';
import { livePlugin } from './plugins/live';
import {
  answerClientError,
  errorHandlerPlugin,
  REQUEST_TIMEOUT_MS,
  rerouteFrameworkError,
} from './plugins/error-handler';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';
import type { ServedRoutes } from './routes-using';
import { composeApi, composeCore, type Services } from './services';

declare module 'fastify' {
  /**
   * What every plugin may read of the process: its configuration, its version and its clock.
   * No service: a route plugin is handed the ones it names (routes-using.ts).
   */
  interface FastifyInstance {
    env: Env;
    appVersion: string;
    clock: Clock;
  }
}

// The API's routes, in the order they are registered.
const API_ROUTES: ServedRoutes[] = [
  metaRoutes,
  authRoutes,
  usersRoutes,
  accountRoutes,
  impersonationRoutes,
  healthRoutes,
  pnrInfoRoutes,
  createPnrRoutes,
  organisationAdminRoutes,
  userAdminRoutes,
  processSettingsRoutes,
  designPropertiesRoutes,
  pushRoutes,
  subscriptionsRoutes,
  notificationListRoutes,
  notificationDetailsRoutes,
  homeRoutes,
  liveRoutes,
  organisationRoutes,
  shareRoutes,
  pnrsRoutes,
  creditsRoutes,
  dashboardRoutes,
  dashboardFilesRoutes,
  documentsRoutes,
  connectionsRoutes,
  duffelWebhookRoutes,
];
// What local and staging add (never registered in production).
const DEV_ROUTES: ServedRoutes[] = [devRoutes, devBookingsRoutes];

// Each app's services, for what drives an app from outside it: server.ts, tests, benchmarks.
const servicesOfApps = new WeakMap<FastifyInstance, Services>();

/** The services of an app buildApp made: what the process it runs in composed. */
export function servicesOf(app: FastifyInstance): Services {
  const services = servicesOfApps.get(app);
  if (!services) throw new Error('not an app buildApp made');
  return services;
}

export type AppOptions = {
  env: Env;
  database: Database;
  /** The reservation system; made from the configuration when not given. */
  gds?: GdsClient;
  /** The server's clock; tests keep a handle on it to move time. */
  clock?: Clock;
  /** Where the built SPA is; tests point it at a fixture. */
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** How long a request may take to arrive (REQUEST_TIMEOUT_MS); tests make it short. */
  requestTimeoutMs?: number;
  /**
   * Whether each answer is also validated by its zod schema and compared with what is sent
   * (lib/answer-serializer.ts). On unless said otherwise; the server `npm start` runs says not.
   */
  checkAnswers?: boolean;
  /** Whether the process is draining before it stops (server.ts drains it on SIGTERM). */
  lifecycle?: Lifecycle;
};

/**
 * Builds the whole HTTP application without listening, so tests drive it with `inject`.
 * Routes are registered here; the caller may add its own before `ready()`.
 */
export async function buildApp(options: AppOptions) {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    frameworkErrors: rerouteFrameworkError,
    // Fastify sets none: a client sending its request slowly would hold the socket forever.
    // Only the request's arrival is timed; an answer (an export streamed for minutes) is not.
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    // Node looks for requests past their time every 30 s by default, too rarely for short limits.
    http: {
      connectionsCheckingInterval: Math.min(
        30_000,
        (options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS) / 4,
      ),
    },
    clientErrorHandler: answerClientError,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ check: options.checkAnswers ?? true }));
  app.decorate('env', env);
  let gds = options.gds;
  if (!gds) {
    const made = await createGds(env, options.database);
    app.addHook('onClose', () => made.close());
    gds = made;
  }
  const deps = {
    env,
    database: options.database,
    gds,
    clock: options.clock ?? new Clock(),
    log: app.log,
  };
  const services = composeApi(await composeCore(deps), deps);
  app.decorate('appVersion', services.about.version);
  app.decorate('clock', deps.clock);
  servicesOfApps.set(app, services);
  app.addHook('onClose', async () => services.messenger.close());
  // A My PNRs refresh under way writes its check before the database goes.
  app.addHook('onClose', () => services.pnrList.refreshesSettled());
  const lifecycle = options.lifecycle ?? createLifecycle();
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A client reusing its connection is sent on its way, to reconnect where readiness is 200.
    if (lifecycle.draining) reply.header('connection', 'close');
  });

  await app.register(errorHandlerPlugin, { storage: options.database.storage });
  await app.register(securityPlugin);
  await app.register(formbody);
  await app.register(cookie);
  await app.register(docsPlugin);
  await app.register(livePlugin, { live: services.live });
  await app.register(authPlugin, {
    sessions: services.sessions,
    live: services.live,
    impersonation: services.impersonation,
  });
  await app.register(observabilityPlugin, {
    database: options.database,
    appVersion: app.appVersion,
    lifecycle,
  });
  for (const routes of [...API_ROUTES, ...(isDevEnvironment(env) ? DEV_ROUTES : [])]) {
    await routes.register(app, services);
  }
  await app.register(spaPlugin, {
    distDir: options.webDistDir ?? WEB_DIST_DIR,
    publicConfig: services.about.publicConfig,
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
