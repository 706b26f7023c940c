import {
  API_ROOT,
  ApiErrorBody,
  CODE_OF_REFUSAL,
  HTTP_STATUS_OF,
  refusalsOfCall,
  type Call,
  type CallAnswer,
  type CallRequest,
  type ErrorCode,
  type Refusal,
} from '@smt/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import * as z from 'zod/mini';

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

/**
 * The error answers the document names for a call, one per status: CONTRACT's error shape as
 * JSON (a file's call too), its `reason` one of the refusals the contract lists, which the
 * description names. zod/mini, so an answer is written as it is (JSON.stringify), never
 * checked against these: a refusal the list misses still reaches the caller.
 */
function refusalResponses(call: Pick<Call, 'access' | 'refusals'>) {
  const byStatus = new Map<number, { codes: Set<ErrorCode>; reasons: Refusal[] }>();
  for (const reason of new Set(refusalsOfCall(call))) {
    const code = CODE_OF_REFUSAL[reason];
    const status = HTTP_STATUS_OF[code];
    const entry = byStatus.get(status) ?? { codes: new Set(), reasons: [] };
    entry.codes.add(code);
    entry.reasons.push(reason);
    byStatus.set(status, entry);
  }
  const responses: Record<number, unknown> = {};
  for (const [status, { codes, reasons }] of [...byStatus].sort(([a], [b]) => a - b)) {
    const schema = z.object({
      ...ApiErrorBody.shape,
      code: z.enum([...codes]),
      reason: z.optional(z.enum(reasons)),
    });
    responses[status] = {
      description: `Refused (${[...codes].join(', ')}): ${reasons.join(', ')}.`,
      content: { 'application/json': { schema } },
    };
  }
  return responses;
}

/** The answer of a call that writes its own bytes (a file, a stream), in its media types. */
const fileAnswer = (produces: readonly string[]) => ({
  description: `The answer, as ${produces.join(' or ')}`,
  content: Object.fromEntries(produces.map((type) => [type, { schema: z.string() }])),
});

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
    const call: Call | undefined = calls[name];
    if (!call) throw new Error(`No call is named ${name}.`);
    const { handle, options, ...docs } = route;
    routeCall(app, call, { ...shared, ...docs }, handle, options);
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
  const refusals = refusalResponses(call);
  // A file's or a stream's success is named beside its refusals, as the document named it alone.
  const success =
    call.answer ?? (produces && Object.keys(refusals).length > 0 && fileAnswer(produces));
  const answers = {
    ...(success && { 200: success }),
    ...refusals,
    ...response,
  };
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
      ...(Object.keys(answers).length > 0 && { response: answers }),
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
