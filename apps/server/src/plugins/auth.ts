import { errorMessages, isRouteAllowed, type AppRoute } from '@smt/shared';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '@/modules/auth/auth.errors';
import type { AuthContext } from '@/modules/auth/session.service';
import { onUserWritten } from '@/modules/users/user-written';
import type { Services } from '@/services';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call a route: anyone, anyone signed in, or whoever the route table lets open
     * that page. Every /api route says which; there is no default to forget.
     */
    access?: RouteAccess;
  }
}

export type RouteAccess = 'public' | 'signedIn' | AppRoute;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type AuthServices = Pick<Services, 'sessions' | 'live' | 'impersonation'>;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The checks every signed-in route runs, the session cache kept true to what other places and
 * processes change, and the audit of what an impersonating session changes.
 */
export const authPlugin = fp(async (app: FastifyInstance, services: AuthServices) => {
  const { sessions, live, impersonation } = services;
  app.decorateRequest('auth', null);
  const { cache } = sessions;
  const stopForgetting = onUserWritten((userId) => cache.forgetUser(userId));
  // Ends and changes made by other processes, heard by NOTIFY: a session's id, or 'user:<id>'.
  const stopHearing = live.onSessionEnded((ended) => {
    const user = /^user:(\d+)$/.exec(ended);
    if (user) cache.forgetUser(Number(user[1]));
    else cache.forget(ended);
  });
  app.addHook('onClose', async () => {
    stopForgetting();
    stopHearing();
  });

  // Whatever an admin changes while acting as someone else is kept with both of their names;
  // reads are not, so browsing as them costs nothing.
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth || auth.user.id === auth.realUser.id || READ_METHODS.has(request.method)) return;
    try {
      await impersonation.auditRequest({
        userId: auth.user.id,
        realUserId: auth.realUser.id,
        method: request.method,
        url: request.url.split('?')[0] ?? request.url,
        status: reply.statusCode,
      });
    } catch (error) {
      request.log.error({ err: error }, 'an impersonated request could not be audited');
    }
  });

  const authenticate = async (request: FastifyRequest) => {
    request.auth = await sessions.authenticate(
      {
        token: header(request, 'sa-regid'),
        phone: header(request, 'sa-dn'),
        email: header(request, 'sa-email'),
      },
      { background: header(request, 'x-smt-background') === '1' },
    );
  };

  const authorise =
    (route: AppRoute): preValidationAsyncHookHandler =>
    async (request) => {
      await authenticate(request);
      const auth = request.auth;
      const user = auth && { routeRoles: auth.routeRoles, betaFeatures: auth.user.betaFeatures };
      if (!isRouteAllowed(route, user)) {
        throw fail('auth.page-denied', errorMessages.pageAccessDenied);
      }
    };

  // Each route's `config.access` becomes its check and its OpenAPI security, in one place.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`${String(route.method)} ${route.url} must declare config.access`);
    }
    if (access === 'public') return;
    const check = access === 'signedIn' ? authenticate : authorise(access);
    // Before validation: a signed-out caller hears 401 whatever the body says.
    const existing = route.preValidation ?? [];
    route.preValidation = [check, ...(Array.isArray(existing) ? existing : [existing])];
    route.schema = { ...route.schema, security: [{ accessToken: [] }] };
  });
});

/** The signed-in caller of a route whose access is not public. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw fail('auth.signed-out', 'Please sign in.');
  return request.auth;
}

/**
 * The signed-in caller as the services take them: the effective user, the real one behind an
 * impersonation (and their roles), the effective user's agent identity, and the scope.
 */
export function callerOf(request: FastifyRequest) {
  const { user, realUser, scope } = authOf(request);
  return {
    userId: user.id,
    realUserId: realUser.id,
    realUserRoles: realUser.roles,
    agentId: user.agentId,
    scope,
  };
}
