import {
  DESIGN_PROPERTIES_CALLS as CALLS,
  DesignProperties,
  DesignPropertiesBody,
  DesignPropertiesQuery,
  ROUTES,
} from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

  app.get(
    `/api/${CALLS.get}`,
    {
      config: { access: ROUTES.designProperties },
      schema: {
        tags,
        summary:
          "An agency's header and footer HTML (the default's when it has none), or without " +
          'agencyId the default',
        querystring: DesignPropertiesQuery,
        response: { 200: DesignProperties },
      },
    },
    async (request) => admin.get(callerOf(request), request.query),
  );
  app.post(
    `/api/${CALLS.save}`,
    {
      config: { access: ROUTES.designProperties },
      schema: {
        tags,
        summary:
          "Saves an agency's (or without agencyId the default) header and footer, sanitised: " +
          'no scripts, event handlers or javascript: links are kept',
        body: DesignPropertiesBody,
        response: { 200: DesignProperties },
      },
    },
    async (request) => admin.save(callerOf(request), request.body),
  );
};
