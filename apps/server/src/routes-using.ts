import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from './services';

// A route plugin names the services it uses and is handed those alone (issue 40): a route that
// wants another module's records cannot reach them through the app, and a reader sees a
// module's dependencies at its top. The app itself carries no service (app.ts).

/** A route plugin bound to the services it names; app.ts registers it with the composition's. */
export type ServedRoutes = {
  /** The services the plugin is handed, by their names in the composition (services.ts). */
  readonly uses: readonly (keyof Services)[];
  register(app: FastifyInstance, services: Services): Promise<void>;
};

/** Only the named services, so a plugin cannot use one it did not name even by a cast. */
export function servicesNamed<K extends keyof Services>(
  services: Services,
  names: readonly K[],
): Pick<Services, K> {
  const named: Partial<Pick<Services, K>> = {};
  for (const name of names) named[name] = services[name];
  return named as Pick<Services, K>;
}

/**
 * Declares a route plugin with the services it uses:
 * `routesUsing(['credits', 'clock'], async (app, { credits, clock }) => ...)`.
 */
export function routesUsing<const K extends keyof Services>(
  uses: readonly K[],
  plugin: FastifyPluginAsyncZod<Pick<Services, K>>,
): ServedRoutes {
  return {
    uses,
    async register(app, services) {
      await app.register(plugin, servicesNamed(services, uses));
    },
  };
}
