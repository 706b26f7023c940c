import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder until these routes land (being written now).
export const homeRoutes: FastifyPluginAsyncZod = async () => {};
