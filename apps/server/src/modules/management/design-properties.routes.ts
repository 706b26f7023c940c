import { managementToolCalls as calls } from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { createDesignPropertiesAdmin } from './design-properties.service';
import type { Caller } from './organisation-admin.service';

/** The design page (SPEC §2.11, §2.12): the share page's header and footer per agency. */
export const designPropertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = createDesignPropertiesAdmin({ db: app.database.db, clock: app.clock });
  const tags = ['management'];
  const callerOf = (request: FastifyRequest): Caller => {
    const { user, realUser, scope } = authOf(request);
    return { userId: user.id, realUserId: realUser.id, scope };
  };

  routeCall(
    app,
    calls.getDesignProperties,
    {
      tags,
      summary:
        "An agency's header and footer HTML (the default's when it has none), or without " +
        'agencyId the default',
    },
    async ({ query }, request) => admin.get(callerOf(request), query),
  );
  routeCall(
    app,
    calls.saveDesignProperties,
    {
      tags,
      summary:
        "Saves an agency's (or without agencyId the default) header and footer, sanitised: " +
        'no scripts, event handlers or javascript: links are kept',
    },
    async ({ body }, request) => admin.save(callerOf(request), body),
  );
};
