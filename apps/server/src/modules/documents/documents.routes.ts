import { API_ROOT, documentsCalls as calls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { SHIPPED_RESOURCES } from './shipped-resources';
import { routesUsing } from '@/routes-using';

const SHIPPED_LIST_PATH = `${API_ROOT}/${calls.shippedList.path}`;

/** The training documents (SPEC §2.9): where their list is, and the list this server ships. */
export const documentsRoutes = routesUsing(['env'], async (app, { env }) => {
  const resourcesUrl = env.DOCUMENTS_URL ?? SHIPPED_LIST_PATH;
  routeCalls(app, { tags: ['documents'] }, calls, {
    source: {
      summary: "Where the Documents page reads its resource list (DOCUMENTS_URL, or this server's)",
      handle: async () => ({ resourcesUrl }),
    },
    shippedList: {
      summary: 'The resource list this server ships: [{ id, name, url }], readable from any origin',
      handle: async (_input, _request, reply) => {
        // SPEC §7.2 reads the list from storage with CORS; this one stands in for that file.
        reply
          .header('access-control-allow-origin', '*')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('cache-control', 'public, max-age=300');
        return SHIPPED_RESOURCES;
      },
    },
  });
});
