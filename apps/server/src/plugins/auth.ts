import { errorMessages, isRouteAllowed, type AppRoute } from '@smt/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { createMessenger, type Messenger } from '@/delivery/messenger';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { createCaptchaService, type CaptchaService } from '@/modules/auth/captcha.service';
import { loadServerSecret } from '@/modules/auth/server-secret';
import {
  createSessionService,
  type AuthContext,
  type SessionService,
} from '@/modules/auth/session.service';
import { createSignInService, type SignInService } from '@/modules/auth/sign-in.service';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
    messenger: Messenger;
    captcha: CaptchaService;
    signIn: SignInService;
    sessions: SessionService;
    /** preHandler: the caller must be signed in; sets `request.auth`. */
    requireAuth: preHandlerAsyncHookHandler;
    /** preHandler: signed in and allowed on a route of the shared route table. */
    requireRoute: (route: AppRoute) => preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** Sign-in, sessions and the checks every signed-in route runs, built once per app. */
export const authPlugin = fp(async (app: FastifyInstance, options: { clock: Clock }) => {
  const { env } = app;
  const db = app.database.db;
  const clock = options.clock;
  const secret = await loadServerSecret(db, env);
  const messenger = createMessenger({ env, db, clock, log: app.log });

  app.decorate('clock', clock);
  app.decorate('messenger', messenger);
  app.decorate('captcha', createCaptchaService({ env, db, clock, secret }));
  app.decorate('signIn', createSignInService({ env, db, clock, secret, messenger }));
  app.decorate('sessions', createSessionService({ env, db, clock, secret }));
  app.decorateRequest('auth', null);
  app.addHook('onClose', async () => messenger.close());

  const authenticate = async (request: FastifyRequest) => {
    request.auth = await app.sessions.authenticate(
      {
        token: header(request, 'sa-regid'),
        phone: header(request, 'sa-dn'),
        email: header(request, 'sa-email'),
      },
      { background: header(request, 'x-smt-background') === '1' },
    );
  };

  app.decorate('requireAuth', authenticate);
  app.decorate('requireRoute', (route: AppRoute) => async (request: FastifyRequest) => {
    await authenticate(request);
    const auth = request.auth;
    const user = auth && { routeRoles: auth.routeRoles, betaFeatures: auth.user.betaFeatures };
    if (!isRouteAllowed(route, user))
      throw new AppError('FORBIDDEN', errorMessages.pageAccessDenied);
  });
});
