import { createServer, type IncomingMessage } from 'node:http';
import { once } from 'node:events';
import { startDuffelStandIn } from './stand-in';
import type { AirlineChangeScript, NewOrderScript } from './world';
import type { DuffelWebhookEvent } from './webhooks';

// The stand-in as a process of its own, for the browser tests: Duffel's API on
// DUFFEL_STAND_IN_PORT, and beside it, on the next port, a control API the tests script it by
// (orders, airline changes, webhooks). Run with tsx and the server's tsconfig, which knows `@/`.

const port = Number(process.env.DUFFEL_STAND_IN_PORT ?? 8290);
const duffel = await startDuffelStandIn({ port });

async function jsonOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

type Control = (body: never) => unknown;
const CONTROLS: Record<string, Control> = {
  'GET /health': () => ({ ok: true, url: duffel.url, token: duffel.token }),
  'POST /orders': (body: NewOrderScript) => ({ id: duffel.addOrder(body) }),
  'POST /airline-changes': (body: { orderId: string; change: AirlineChangeScript }) => ({
    id: duffel.scriptAirlineChange(body.orderId, body.change),
  }),
  // `at`: the receiving server's time, when a test has moved its clock away from the real one.
  'POST /webhooks': (body: {
    url: string;
    secret: string;
    event: DuffelWebhookEvent;
    at?: string;
  }) => duffel.sendWebhook({ ...body, ...(body.at && { now: () => new Date(body.at ?? '') }) }),
  'GET /orders': () => duffel.orders(),
  // What was paid, to see that a refused action paid nothing.
  'GET /payments': () => duffel.payments(),
};

const control = createServer((request, response) => {
  const key = `${request.method ?? 'GET'} ${(request.url ?? '/').split('?')[0]}`;
  const handler = CONTROLS[key];
  void (async () => {
    try {
      if (!handler) throw new Error(`no control ${key}`);
      const answer = await handler((await jsonOf(request)) as never);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
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
  void duffel.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
