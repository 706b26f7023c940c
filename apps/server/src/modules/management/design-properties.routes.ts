import { managementToolCalls as calls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { callerOf } from '@/plugins/auth';
import { routesUsing } from '@/routes-using';

/** The design page (SPEC §2.11, §2.12): the share page's header and footer per agency. */
export const designPropertiesRoutes = routesUsing(
  ['designPropertiesAdmin'],
  async (app, { designPropertiesAdmin }) => {
    routeCalls(app, { tags: ['management'] }, calls, {
      getDesignProperties: {
        summary:
          "An agency's header and footer HTML (the default's when it has none), or without " +
          'agencyId the default',
        handle: async ({ query }, request) => designPropertiesAdmin.get(callerOf(request), query),
      },
      saveDesignProperties: {
        summary:
          "Saves an agency's (or without agencyId the default) header and footer, sanitised: " +
          'no scripts, event handlers or javascript: links are kept',
        handle: async ({ body }, request) => designPropertiesAdmin.save(callerOf(request), body),
      },
    });
  },
);
