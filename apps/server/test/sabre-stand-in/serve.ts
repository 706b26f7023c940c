import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { startSabreStandIn, type SabreFault } from './stand-in';
import type { ChurnScript, LowerFareScript, PnrScript } from './world';

// The stand-in as a process of its own, for the browser tests: Sabre's REST and SOAP services
// on SABRE_STAND_IN_PORT (SOAP at /websvc), and beside it, on the next port, a control API
// the tests script it by (PNRs, queues, airline events, faults). Run with tsx and the server's
// tsconfig, which knows `@/`.

const port = Number(process.env.SABRE_STAND_IN_PORT ?? 8390);
const sabre = await startSabreStandIn({ port });

async function jsonOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

type Locator = { locator: string };
type Control = (body: never, query: URLSearchParams) => unknown;
const CONTROLS: Record<string, Control> = {
  'GET /health': () => ({
    ok: true,
    restUrl: sabre.restUrl,
    soapUrl: sabre.soapUrl,
    ...sabre.credentials,
  }),
  'POST /pnrs': (body: PnrScript) => ({ locator: sabre.addPnr(body) }),
  // ?locator=: the PNR as the stand-in holds it; its getBooking answer under `booking`.
  'GET /pnr': (_body, query) => {
    const locator = query.get('locator') ?? '';
    return { pnr: sabre.pnr(locator), booking: sabre.booking(locator) };
  },
  'GET /tickets': (_body, query) => sabre.tickets(query.get('locator') ?? ''),
  'POST /queues': (body: Locator & { queue: number; pcc?: string }) =>
    sabre.placeOnQueue(body.locator, body.queue, body.pcc),
  'GET /queues': (_body, query) =>
    sabre.queue(query.get('pcc') ?? sabre.credentials.pcc, Number(query.get('number'))),
  'POST /retime': (body: Locator & { itemId: string; departure: string; arrival: string }) => ({
    itemId: sabre.retime(body.locator, body.itemId, body),
  }),
  'POST /clear-waitlist': (body: Locator & { itemId: string }) =>
    sabre.clearWaitlist(body.locator, body.itemId),
  'POST /cancel-by-airline': (body: Locator & { itemId: string }) =>
    sabre.cancelByAirline(body.locator, body.itemId),
  'POST /lapse-deadline': (body: Locator) => sabre.lapseDeadline(body.locator),
  'POST /lower-fares': (body: Locator & { fare: LowerFareScript }) =>
    sabre.offerLowerFare(body.locator, body.fare),
  'POST /churn': (body: Locator & { events: ChurnScript }) =>
    sabre.churn(body.locator, body.events),
  'POST /faults': (body: { operation: string; fault: SabreFault }) =>
    sabre.failNext(body.operation, body.fault),
  'POST /expire-tokens': () => sabre.expireTokens(),
  'POST /expire-sessions': () => sabre.expireSessions(),
  'GET /sessions': () => ({ open: sabre.openSessions() }),
  'GET /calls': () => sabre.calls(),
};

const control = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://control');
  const key = `${request.method ?? 'GET'} ${url.pathname}`;
  const handler = CONTROLS[key];
  void (async () => {
    try {
      if (!handler) throw new Error(`no control ${key}`);
      const answer = handler((await jsonOf(request)) as never, url.searchParams);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer ?? { ok: true }));
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  })();
});
control.listen(port + 1, '127.0.0.1');
await once(control, 'listening');

const stop = () => {
  control.close();
  void sabre.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
