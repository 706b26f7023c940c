import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { BUILD_VERSION } from '@smt/shared';
import Fastify, { type FastifyServerOptions } from 'fastify';
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
import { publicConfigOf } from './modules/meta/public-config';
import { composeApi, composeCore, type Services } from './services';

declare module 'fastify' {
  /** Each service of the composition root (services.ts) is the app's by its own name. */
  interface FastifyInstance extends Services {
    env: Env;
    database: Database;
    appVersion: string;
  }
}

// The API's routes, in the order they are registered.
const API_ROUTES = [
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
const DEV_ROUTES = [devRoutes, devBookingsRoutes];

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
  app.decorate<Database>('database', options.database);
  app.decorate('appVersion', env.APP_VERSION ?? BUILD_VERSION);
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
  for (const [name, service] of Object.entries(services)) app.decorate<unknown>(name, service);
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
  await app.register(livePlugin);
  await app.register(authPlugin);
  await app.register(observabilityPlugin, {
    database: app.database,
    appVersion: app.appVersion,
    lifecycle,
  });
  for (const routes of [...API_ROUTES, ...(isDevEnvironment(env) ? DEV_ROUTES : [])]) {
    await app.register(routes);
  }
  await app.register(spaPlugin, {
    distDir: options.webDistDir ?? WEB_DIST_DIR,
    publicConfig: publicConfigOf(env),
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
