import swagger from '@fastify/swagger';
import { BUILD_VERSION } from '@smt/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI made from the routes' own zod schemas; served at /api/docs once all are known. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SMT API',
        description: "The travel agent's virtual assistant: the calls of SPEC.md §7.",
        version: BUILD_VERSION,
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'SA-REGID' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
});
