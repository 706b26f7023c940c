import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort } from '../free-port';
import { bookingOf, createRest, REST_OPERATIONS, type RestAnswer } from './rest';
import { createSoap, envelopeOf, type SoapAnswer, type UsgCode } from './soap';
import { createWorld, type ChurnScript, type LowerFareScript, type PnrScript } from './world';

// Sabre's web services on loopback for tests: the REST side (the v2 token and Booking
// Management) at the root and the SOAP side at /websvc, one server, as Sabre's published
// shapes write them. A test scripts the world (PNRs, queues, airline events) and queues
// faults per operation: Booking Management's `errors`, USG faults, a simultaneous change at
// end of transaction, gateway errors, and answers lost after the operation took effect.

/** What a test makes the next request to an operation (a REST path's last part, or a SOAP Action) meet. */
export type SabreFault =
  | { kind: 'rest-errors'; category?: string; type?: string; description?: string }
  | { kind: 'soap-fault'; code?: UsgCode }
  | { kind: 'simultaneous-changes' }
  | { kind: 'http'; status: 500 | 502 | 503 | 504 }
  | { kind: 'lost-answer' };

export type SabreCall = {
  api: 'rest' | 'soap';
  operation: string;
  /** The HTTP status answered; 0 when the connection was dropped without an answer. */
  status: number;
};

export type SabreStandInOptions = {
  /** A port of the caller's choosing (a browser test's server is told it); free one otherwise. */
  port?: number;
  epr?: string;
  pcc?: string;
  password?: string;
  /** The REST token's domain (the 'AA' in V1:EPR:PCC:AA). */
  domain?: string;
  /** Who creates the PNRs a test adds (their creationUserSine). */
  agentSine?: string;
  /** SOAP sessions Sabre lets the PCC hold; one more is USG_RESOURCE_UNAVAILABLE. */
  maxSessions?: number;
  /** The stand-in's clock for everything it dates; real time by default. */
  now?: () => Date;
};

const GATEWAY_TEXTS: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const REST_PATH = /^\/v1\/trip\/orders\/([A-Za-z]+)$/;

export async function startSabreStandIn(options: SabreStandInOptions = {}) {
  const now = options.now ?? (() => new Date());
  const credentials = {
    epr: options.epr ?? '7971',
    pcc: options.pcc ?? 'G7RE',
    password: options.password ?? 'WS-PASSWORD',
    domain: options.domain ?? 'AA',
  };
  const world = createWorld({ now, pcc: credentials.pcc, agentSine: options.agentSine ?? 'AWS' });
  const rest = createRest({ world, now, credentials });
  const soap = createSoap({ world, now, credentials, maxSessions: options.maxSessions ?? 4 });
  const log: SabreCall[] = [];
  const faults = new Map<string, SabreFault[]>();

  const take = (operation: string) => faults.get(operation)?.shift();

  function reply(res: ServerResponse, call: SabreCall, status: number, type: string, body: string) {
    call.status = status;
    res.writeHead(status, { 'content-type': type, date: now().toUTCString() });
    res.end(body);
  }

  // The operation took effect; the client must see the connection go without an answer.
  function drop(req: IncomingMessage, call: SabreCall) {
    call.status = 0;
    req.socket.destroy();
  }

  const gatewayError = (res: ServerResponse, call: SabreCall, status: number) =>
    reply(res, call, status, 'text/plain', GATEWAY_TEXTS[status] ?? 'Error');

  function handleRest(req: IncomingMessage, res: ServerResponse, pathname: string, text: string) {
    const named = REST_PATH.exec(pathname)?.[1];
    const operation =
      pathname === '/v2/auth/token'
        ? 'token'
        : REST_OPERATIONS.find((each) => each !== 'token' && each === named);
    const call: SabreCall = {
      api: 'rest',
      operation: operation ?? pathname.split('/').at(-1) ?? '',
      status: 0,
    };
    log.push(call);
    const json = (answer: RestAnswer) =>
      reply(res, call, answer.status, 'application/json', JSON.stringify(answer.body));
    if (req.method !== 'POST' || !operation)
      return json(rest.gatewayRefusal(403, 'ERR.2SG.CLIENT.SERVICE_UNKNOWN', 'Unknown service'));
    if (operation === 'token') {
      const fault = take('token');
      if (fault?.kind === 'http') return gatewayError(res, call, fault.status);
      const answer = rest.token(req.headers.authorization, text);
      return fault?.kind === 'lost-answer' ? drop(req, call) : json(answer);
    }
    const refusal = rest.refusalOf(req.headers.authorization);
    if (refusal) return json(refusal);
    const fault = take(operation);
    if (fault?.kind === 'http') return gatewayError(res, call, fault.status);
    if (fault?.kind === 'rest-errors')
      return json(
        rest.restErrors({
          category: fault.category ?? 'APPLICATION_ERROR',
          type: fault.type ?? 'INTERNAL_SERVER_TIMEOUT',
          description: fault.description ?? 'Call to internal service timed out.',
        }),
      );
    let body: unknown;
    try {
      body = text === '' ? {} : JSON.parse(text);
    } catch {
      return json(rest.gatewayRefusal(400, 'ERR.2SG.CLIENT.INVALID_REQUEST', 'Invalid request'));
    }
    const answer = rest.call(operation, body);
    return fault?.kind === 'lost-answer' ? drop(req, call) : json(answer);
  }

  function handleSoap(req: IncomingMessage, res: ServerResponse, text: string) {
    const env = envelopeOf(text);
    const call: SabreCall = { api: 'soap', operation: env?.action || 'unknown', status: 0 };
    log.push(call);
    const xml = (answer: SoapAnswer) =>
      reply(res, call, answer.status, 'text/xml;charset=UTF-8', answer.xml);
    if (req.method !== 'POST') return reply(res, call, 405, 'text/plain', 'Method Not Allowed');
    if (!env) return xml(soap.unreadable());
    const refused = soap.gate(env);
    if (refused) return xml(refused);
    const fault = take(env.action);
    if (fault?.kind === 'http') return gatewayError(res, call, fault.status);
    const answer =
      fault?.kind === 'soap-fault'
        ? soap.injected(env, fault.code ?? 'USG_IS_BUSY')
        : soap.serve(env, { simultaneous: fault?.kind === 'simultaneous-changes' });
    return fault?.kind === 'lost-answer' ? drop(req, call) : xml(answer);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const pathname = new URL(req.url ?? '/', 'http://stand-in').pathname.replace(/\/$/, '');
    if (pathname === '/websvc') handleSoap(req, res, text);
    else handleRest(req, res, pathname, text);
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
  const url = `http://127.0.0.1:${port}`;

  /** Queues a fault for the next request to `operation` that passes the gateway's checks. */
  function failNext(operation: string, fault: SabreFault) {
    const isRest = (REST_OPERATIONS as readonly string[]).includes(operation);
    if (!isRest && !soap.isAction(operation))
      throw new Error(`the stand-in has no operation ${operation}`);
    if (fault.kind === 'rest-errors' && (!isRest || operation === 'token'))
      throw new Error(`${operation} cannot answer Booking Management errors`);
    if (fault.kind === 'soap-fault' && isRest)
      throw new Error(`${operation} is a REST call: no SOAP fault`);
    if (fault.kind === 'simultaneous-changes' && operation !== 'EnhancedEndTransactionRQ')
      throw new Error('only an end of transaction meets simultaneous changes');
    faults.set(operation, [...(faults.get(operation) ?? []), fault]);
  }

  return {
    url,
    restUrl: url,
    soapUrl: `${url}/websvc`,
    credentials: { epr: credentials.epr, pcc: credentials.pcc, password: credentials.password },
    /** A PNR from a compact script; answers its locator. */
    addPnr: (script: PnrScript): string => world.addPnr(script),
    placeOnQueue: (locator: string, queue: number, pcc?: string) =>
      world.placeOnQueue(locator, queue, pcc),
    /** The locators on a queue, in queue order. */
    queue: (pcc: string, number: number): string[] => world.queue(pcc, number),
    /** The airline re-times a flight: UN and a new TK flight (its itemId answered), queue 5/6. */
    retime: (locator: string, itemId: string, times: { departure: string; arrival: string }) =>
      world.retime(locator, itemId, times),
    /** The waitlist clears: HL becomes KL, queue 17/18. */
    clearWaitlist: (locator: string, itemId: string) => world.clearWaitlist(locator, itemId),
    /** The airline cancels a flight: HX, queue 7. */
    cancelByAirline: (locator: string, itemId: string) => world.cancelByAirline(locator, itemId),
    /** The ticketing deadline passes: queue 9. */
    lapseDeadline: (locator: string) => world.lapseDeadline(locator),
    /** A fare lower than the stored one, which OTA_AirPrice finds from now on. */
    offerLowerFare: (locator: string, fare: LowerFareScript) => world.offerLowerFare(locator, fare),
    /** Sells and cancels written to the PNR's history only. */
    churn: (locator: string, events: ChurnScript) => world.churn(locator, events),
    failNext,
    /** Every REST token issued so far is refused from now on (401). */
    expireTokens: () => rest.expireTokens(),
    /** Every SOAP session ends (USG_INVALID_SECURITY_TOKEN from now on). */
    expireSessions: () => soap.expireSessions(),
    calls: (): SabreCall[] => log.map((call) => ({ ...call })),
    /** The PNR as the stand-in holds it (statuses, history, tickets), a copy. */
    pnr: (locator: string) => structuredClone(world.pnrOf(locator)),
    /** The PNR as getBooking answers it now. */
    booking: (locator: string) => bookingOf(world.pnrOf(locator), now()),
    openSessions: (): number => soap.openSessions(),
    tickets: (locator: string) => structuredClone(world.pnrOf(locator).tickets),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SabreStandIn = Awaited<ReturnType<typeof startSabreStandIn>>;
