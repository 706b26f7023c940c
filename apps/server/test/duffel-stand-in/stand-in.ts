/// <reference types="@duffel/api" />
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ApiResponseError, ApiResponseMeta } from '@duffel/api/types';
import { freePort } from '../free-port';
import { sendWebhook } from './webhooks';
import { createWorld, DuffelFault, type OrderAsSent, type TakenPayment, type World } from './world';

// Duffel's API on loopback for tests: the endpoints the adapter calls, at Duffel's paths and
// methods as the SDK (dist/index.js) sends them, in Duffel's envelope ({ data, meta } or
// { errors, meta }), behind its Authorization and Duffel-Version headers, with faults a test
// can queue: rate limiting, server errors, dropped connections.

export type CallRecord = {
  method: string;
  path: string;
  query: string;
  status: number;
  /** The request's `data`, as the adapter sent it (what a payment was paid with, say). */
  body?: unknown;
};

type Answer = { status: number; body: unknown };
type Route = {
  method: 'GET' | 'POST';
  path: RegExp;
  answer: (world: World, match: string[], body: unknown, query: URLSearchParams) => Answer;
};

const ok = (data: unknown, status = 200): Answer => ({ status, body: { data } });

const ROUTES: Route[] = [
  {
    method: 'GET',
    path: /^\/air\/orders$/,
    answer: (world, _match, _body, query) => ({ status: 200, body: world.listOrders(query) }),
  },
  {
    method: 'POST',
    path: /^\/air\/orders$/,
    answer: (world, _m, body) => ok(world.createOrder(body), 201),
  },
  {
    method: 'GET',
    path: /^\/air\/orders\/([^/]+)$/,
    answer: (world, [id = '']) => ok(world.getOrder(id)),
  },
  {
    method: 'POST',
    path: /^\/air\/order_change_requests$/,
    answer: (world, _m, body) => ok(world.createChangeRequest(body), 201),
  },
  {
    method: 'GET',
    path: /^\/air\/order_change_offers\/([^/]+)$/,
    answer: (world, [id = '']) => ok(world.getChangeOffer(id)),
  },
  {
    method: 'POST',
    path: /^\/air\/order_changes$/,
    answer: (world, _m, body) => ok(world.createOrderChange(body), 201),
  },
  {
    method: 'GET',
    path: /^\/air\/order_changes\/([^/]+)$/,
    answer: (world, [id = '']) => ok(world.getOrderChange(id)),
  },
  {
    method: 'POST',
    path: /^\/air\/order_changes\/([^/]+)\/actions\/confirm$/,
    answer: (world, [id = ''], body) => ok(world.confirmOrderChange(id, body)),
  },
  {
    method: 'POST',
    path: /^\/air\/order_cancellations$/,
    answer: (world, _m, body) => ok(world.createCancellation(body), 201),
  },
  {
    method: 'POST',
    path: /^\/air\/order_cancellations\/([^/]+)\/actions\/confirm$/,
    answer: (world, [id = '']) => ok(world.confirmCancellation(id)),
  },
  {
    method: 'GET',
    path: /^\/air\/airline_initiated_changes$/,
    answer: (world, _m, _b, query) => ok(world.listAirlineChanges(query)),
  },
  {
    method: 'POST',
    path: /^\/air\/airline_initiated_changes\/([^/]+)\/actions\/accept$/,
    answer: (world, [id = '']) => ok(world.acceptAirlineChange(id)),
  },
  {
    method: 'POST',
    path: /^\/air\/payments$/,
    answer: (world, _m, body) => ok(world.createPayment(body), 201),
  },
  {
    // The SDK posts offer requests to 'air/offer_requests/', with a trailing slash.
    method: 'POST',
    path: /^\/air\/offer_requests\/?$/,
    answer: (world, _m, body, query) =>
      ok(world.createOfferRequest(body, query.get('return_offers') === 'true'), 201),
  },
];

const INTERNAL: Omit<ApiResponseError, 'documentation_url'> = {
  type: 'api_error',
  code: 'internal_server_error',
  title: 'Internal server error',
  message:
    'Something went wrong. Please contact our support team and attach the request_id to your message.',
};

// As Duffel's errors page describes each status.
const SERVER_ERRORS: Record<number, Omit<ApiResponseError, 'documentation_url'>> = {
  500: INTERNAL,
  502: {
    type: 'api_error',
    code: 'bad_gateway',
    title: 'Bad gateway',
    message:
      'Bad gateway error. Please contact our support team and attach the request_id to your message.',
  },
  503: {
    type: 'api_error',
    code: 'service_unavailable',
    title: 'Service unavailable',
    message: 'There is a temporary issue with the server. Please retry later.',
  },
  504: {
    type: 'api_error',
    code: 'gateway_timeout_error',
    title: 'Gateway timeout',
    message: 'Gateway timeout error. Please retry later.',
  },
};

type Queued = { left: number };

export type StandInOptions = {
  /** The stand-in's clock for every time it writes; real time by default. */
  now?: () => Date;
  /** A port of the caller's choosing (a browser test's server is told it); free one otherwise. */
  port?: number;
};

export async function startDuffelStandIn(options: StandInOptions = {}) {
  const now = options.now ?? (() => new Date());
  const token = 'duffel_test_standin_0123456789';
  const world = createWorld(now);
  const log: CallRecord[] = [];
  let requests = 0;
  const rateLimited: Queued & { resetSeconds: number } = { left: 0, resetSeconds: 2 };
  const failing: Queued & { status: number; afterHandling: boolean; on: string | null } = {
    left: 0,
    status: 500,
    afterHandling: false,
    on: null,
  };
  const dropping: Queued = { left: 0 };

  function reply(res: ServerResponse, record: CallRecord, answer: Answer, headers = {}) {
    const at = now();
    record.status = answer.status;
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      date: at.toUTCString(),
      'x-request-id': `req_${requests}`,
      'ratelimit-limit': '4000',
      'ratelimit-remaining': '3999',
      'ratelimit-reset': new Date(at.getTime() + 60_000).toUTCString(),
      ...headers,
    });
    res.end(JSON.stringify(answer.body));
  }

  const failure = (status: number, error: Omit<ApiResponseError, 'documentation_url'>): Answer => {
    const meta: ApiResponseMeta = { status, request_id: `req_${requests}` };
    const errors: ApiResponseError[] = [
      { ...error, documentation_url: 'https://duffel.com/docs/api/overview/errors' },
    ];
    return { status, body: { errors, meta } };
  };

  async function bodyOf(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (text === '') return undefined;
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : undefined;
  }

  function route(method: string, path: string, body: unknown, query: URLSearchParams): Answer {
    for (const each of ROUTES) {
      const match = each.path.exec(path);
      if (match && each.method === method) return each.answer(world, match.slice(1), body, query);
    }
    throw new DuffelFault(404, {
      type: 'invalid_request_error',
      code: 'not_found',
      title: 'Not found',
      message: 'The resource you are trying to access does not exist.',
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    requests += 1;
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const record: CallRecord = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      status: 0,
    };
    log.push(record);
    if (req.headers.authorization !== `Bearer ${token}`) {
      const missing = !req.headers.authorization;
      return reply(
        res,
        record,
        failure(401, {
          type: 'authentication_error',
          code: missing ? 'missing_authorization_header' : 'access_token_not_found',
          title: missing ? 'Missing authorization header' : 'Access token not found',
          message: "The 'Authorization' header needs to be set and contain a valid API token.",
        }),
      );
    }
    if (req.headers['duffel-version'] !== 'v2') {
      return reply(
        res,
        record,
        failure(400, {
          type: 'invalid_request_error',
          code: req.headers['duffel-version'] ? 'unsupported_version' : 'missing_version_header',
          title: 'Missing version header',
          message: "The 'Duffel-Version' header needs to be set to a valid API version.",
        }),
      );
    }
    if (dropping.left > 0) {
      dropping.left -= 1;
      record.status = -1;
      req.socket.destroy();
      return;
    }
    if (rateLimited.left > 0) {
      rateLimited.left -= 1;
      const at = now();
      return reply(
        res,
        record,
        failure(429, {
          type: 'rate_limit_error',
          code: 'rate_limit_exceeded',
          title: 'Rate limit exceeded',
          message:
            'Too many requests hit the API too quickly. Please retry your request after the time specified in the `ratelimit-reset` header.',
        }),
        {
          'ratelimit-remaining': '0',
          'ratelimit-reset': new Date(at.getTime() + rateLimited.resetSeconds * 1000).toUTCString(),
        },
      );
    }
    const aimed = failing.on === null || `${record.method} ${record.path}`.startsWith(failing.on);
    const failNow = failing.left > 0 && aimed;
    if (failNow) failing.left -= 1;
    const serverError = failure(failing.status, SERVER_ERRORS[failing.status] ?? INTERNAL);
    if (failNow && !failing.afterHandling) return reply(res, record, serverError);
    let answer: Answer;
    try {
      const path = url.pathname.replace(/\/$/, '') || '/';
      const body = await bodyOf(req);
      if (body !== undefined) record.body = body;
      answer = route(record.method, path, body, url.searchParams);
    } catch (error) {
      if (!(error instanceof DuffelFault)) throw error;
      answer = failure(error.status, error.error);
    }
    reply(res, record, failNow ? serverError : answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  const port = options.port ?? (await freePort());
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    addOrder: world.addOrder,
    scriptAirlineChange: world.scriptAirlineChange,
    scriptCheaperOffer: world.scriptCheaperOffer,
    repriceChangeOffer: world.repriceChangeOffer,
    withdrawCheaperOffers: world.withdrawCheaperOffers,
    scriptRefund: world.scriptRefund,
    scriptOffers: world.scriptOffers,
    expireOffers: world.expireOffers,
    /** Answers the next n requests with 429 and a ratelimit-reset that many seconds on. */
    rateLimitNext: (n: number, resetSeconds = 2) => {
      rateLimited.left = n;
      rateLimited.resetSeconds = resetSeconds;
    },
    /**
     * Answers the next n requests (those `on` starts, as in 'POST /air/payments') with a
     * server error; `afterHandling`, the request takes effect first, as when a gateway fails
     * while Duffel still does the work.
     */
    failNext: (
      n: number,
      status: number,
      { afterHandling = false, on = null }: { afterHandling?: boolean; on?: string | null } = {},
    ) => {
      Object.assign(failing, { left: n, status, afterHandling, on });
    },
    /** Closes the connection of the next n requests without an answer. */
    dropNext: (n: number) => {
      dropping.left = n;
    },
    sendWebhook,
    /** The orders as they stand now, copies. */
    orders: (): OrderAsSent[] => structuredClone([...world.orders.values()]),
    order: (id: string): OrderAsSent => structuredClone(world.getOrder(id)),
    /** Every payment taken so far (orders paid or made paid, changes confirmed), copies. */
    payments: (): TakenPayment[] => world.payments.map((payment) => ({ ...payment })),
    /** Changes an order behind Duffel's back, as a test of what the adapter accepts. */
    tamper: (id: string, change: (order: OrderAsSent) => void) => change(world.getOrder(id)),
    calls: (): CallRecord[] => log.map((record) => ({ ...record })),
  };
}

export type DuffelStandIn = Awaited<ReturnType<typeof startDuffelStandIn>>;
