import {
  API_ROOT,
  DOCUMENTS_CALLS,
  DocumentResourceList,
  DocumentsSource,
  ROUTES,
} from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SHIPPED_RESOURCES } from './shipped-resources';

const SHIPPED_LIST_PATH = `${API_ROOT}/${DOCUMENTS_CALLS.shippedList}`;

/** The training documents (SPEC §2.9): where their list is, and the list this server ships. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const resourcesUrl = app.env.DOCUMENTS_URL ?? SHIPPED_LIST_PATH;

  app.get(
    `${API_ROOT}/${DOCUMENTS_CALLS.source}`,
    {
      config: { access: ROUTES.documents },
      schema: {
        tags,
        summary:
          "Where the Documents page reads its resource list (DOCUMENTS_URL, or this server's)",
        response: { 200: DocumentsSource },
      },
    },
    async () => ({ resourcesUrl }),
  );

  app.get(
    SHIPPED_LIST_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The resource list this server ships: [{ id, name, url }], readable from any origin',
        response: { 200: DocumentResourceList },
      },
    },
    async (_request, reply) => {
      // SPEC §7.2 reads the list from storage with CORS; this one stands in for that file.
      reply
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=300');
      return SHIPPED_RESOURCES;
    },
  );
};
