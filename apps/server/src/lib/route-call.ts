import { API_ROOT, type Call, type CallAnswer, type CallRequest } from '@smt/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';

// The server's half of a call's contract (docs/decisions/049): its route is registered from
// the contract, so path, method, access and schemas are the ones the web client calls with,
// and the OpenAPI document follows them.

/** What only the server says of a call: its place and words in the OpenAPI document. */
export type CallDocs = Pick<FastifySchema, 'tags' | 'summary' | 'description'> & {
  /** A file's media types, for a call whose answer is its bytes. */
  produces?: readonly string[];
  /** Answers other than the success one the document should name (a 401's shape, say). */
  response?: Record<number, unknown>;
};

/**
 * A call's handler: its input as the call's schemas checked it, the request (for its caller)
 * and the reply. A call with an answer schema answers it; one without (a file) sends through
 * the reply.
 */
export type CallHandler<C extends Call> = (
  input: CallRequest<C>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<CallAnswer<C> | FastifyReply>;

/**
 * What a route needs beyond its contract and words (hooks, limits, `config` extras), passed to
 * Fastify as they are; `config.access` stays the contract's.
 */
export type CallRouteOptions = Omit<RouteOptions, 'method' | 'url' | 'schema' | 'handler'>;

/** The contract's path is written Fastify's way (`:name`); the document writes `{name}`. */
const urlOf = (call: Call) => `${API_ROOT}/${call.path}`;

/** One call of a module's table: its own words in the OpenAPI document, and its handler. */
export type CallRoute<C extends Call> = CallDocs & {
  handle: CallHandler<C>;
  /** Hooks, limits or `config` extras of this route. */
  options?: CallRouteOptions;
};

/** A module's routes by the names of its calls (a module may route some of a file's calls). */
export type CallRoutes<Calls extends Record<string, Call>> = {
  [Name in keyof Calls]?: CallRoute<Calls[Name]>;
};

/**
 * Registers a module's routes from one table, in its order: `shared` holds the words all of
 * them share (their tags), each entry its call's own words and its handler.
 */
export function routeCalls<Calls extends Record<string, Call>>(
  app: Pick<FastifyInstance, 'route'>,
  shared: CallDocs,
  calls: Calls,
  routes: NoInfer<CallRoutes<Calls>>,
): void {
  for (const name of Object.keys(routes) as (keyof Calls & string)[]) {
    const route = routes[name];
    if (!route) continue;
    const { handle, options, ...docs } = route;
    routeCall(app, calls[name], { ...shared, ...docs }, handle, options);
  }
}

/** Registers the route of `call`: its contract's method, path, access and schemas. */
export function routeCall<C extends Call>(
  app: Pick<FastifyInstance, 'route'>,
  call: C,
  docs: CallDocs,
  handler: CallHandler<C>,
  options: CallRouteOptions = {},
): void {
  const { response, produces, ...words } = docs;
  app.route({
    ...options,
    method: call.method,
    url: urlOf(call),
    config: { ...options.config, access: call.access },
    schema: {
      ...words,
      ...(produces && { produces: [...produces] }),
      ...(call.params && { params: call.params }),
      ...(call.query && { querystring: call.query }),
      ...(call.body && { body: call.body }),
      ...((call.answer ?? response) && {
        response: { ...(call.answer && { 200: call.answer }), ...response },
      }),
    },
    // The schemas above checked these; the handler reads them as the contract types them.
    handler: (request, reply) =>
      handler(
        { params: request.params, query: request.query, body: request.body } as CallRequest<C>,
        request,
        reply,
      ),
  });
}
