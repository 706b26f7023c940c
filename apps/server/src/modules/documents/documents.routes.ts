import { API_ROOT, documentsCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { SHIPPED_RESOURCES } from './shipped-resources';

const SHIPPED_LIST_PATH = `${API_ROOT}/${calls.shippedList.path}`;

/** The training documents (SPEC §2.9): where their list is, and the list this server ships. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const resourcesUrl = app.env.DOCUMENTS_URL ?? SHIPPED_LIST_PATH;

  routeCall(
    app,
    calls.source,
    {
      tags,
      summary: "Where the Documents page reads its resource list (DOCUMENTS_URL, or this server's)",
    },
    async () => ({ resourcesUrl }),
  );

  routeCall(
    app,
    calls.shippedList,
    {
      tags,
      summary: 'The resource list this server ships: [{ id, name, url }], readable from any origin',
    },
    async (_input, _request, reply) => {
      // SPEC §7.2 reads the list from storage with CORS; this one stands in for that file.
      reply
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=300');
      return SHIPPED_RESOURCES;
    },
  );
};
