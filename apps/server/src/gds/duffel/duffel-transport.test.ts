import { DuffelError } from '@duffel/api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutgoingRefused } from '@/lib/outgoing-address';
import { capturedLog } from '../../../test/captured-log';
import { startCountingServer, type CountingServer } from '../../../test/counting-server';
import { guardAllowing } from '../../../test/outgoing-guard';
import type { DuffelFailure } from './duffel-retry';
import { duffelClientOf } from './duffel-transport';

const TOKEN = 'duffel_test_transport_0123456789';
const SECRET = 'SECRET-FROM-INTERNAL-7f3a';

const failureOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the call did not fail');
    },
    (error: unknown) => error,
  );

describe("the Duffel SDK's requests through the outgoing guard", () => {
  let internal: CountingServer;

  beforeEach(async () => {
    internal = await startCountingServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'),
    );
  });
  afterEach(() => internal.close());

  it('should make no request to an address the guard refuses, and log the refusal', async () => {
    const log = capturedLog('warn');
    const client = duffelClientOf(
      { token: TOKEN, apiUrl: `https://127.0.0.1:${internal.port}` },
      guardAllowing([], log.log),
    );
    const error = await failureOf(client.orders.get('ord_1'));
    expect(error).toBeInstanceOf(OutgoingRefused);
    expect(internal.connections()).toBe(0);
    expect(log.entries()).toEqual([
      expect.objectContaining({
        level: 40,
        purpose: 'duffel',
        host: `127.0.0.1:${internal.port}`,
        reason: 'it is a loopback address (RFC 1122)',
      }),
    ]);
    expect(log.text()).not.toContain(TOKEN);
  });

  it('should send what the SDK sends, with the token, to an allowed host', async () => {
    const client = duffelClientOf(
      { token: TOKEN, apiUrl: internal.origin },
      guardAllowing([internal.origin]),
    );
    const page = await client.orders.list({ limit: 5, 'passenger_name[]': ['Earhart', 'Noonan'] });
    expect(page.data).toEqual([]);
    expect(internal.received).toEqual([
      {
        method: 'GET',
        path: '/air/orders?limit=5&passenger_name%5B%5D=Earhart&passenger_name%5B%5D=Noonan',
        body: '',
      },
    ]);
  });

  it('should keep only the status, the error codes and the rate-limit headers of an error answer', async () => {
    const teller = await startCountingServer((_request, response) =>
      response
        .writeHead(429, {
          'content-type': 'application/json',
          'ratelimit-reset': 'Sun, 01 Mar 2026 08:01:00 GMT',
          'x-internal-secret': SECRET,
        })
        .end(
          JSON.stringify({
            meta: { status: 429, request_id: SECRET },
            errors: [
              {
                type: 'rate_limit_error',
                code: 'rate_limit_exceeded',
                title: SECRET,
                message: `${SECRET}: the admin password is hunter2`,
                documentation_url: `https://internal/${SECRET}`,
              },
              { type: 'x', code: `${SECRET} as a code`, title: 'a', message: 'b' },
            ],
          }),
        ),
    );
    try {
      const client = duffelClientOf(
        { token: TOKEN, apiUrl: teller.origin },
        guardAllowing([teller.origin]),
      );
      const error = await failureOf(client.orders.get('ord_1'));
      expect(error).toBeInstanceOf(DuffelError);
      const failure = error as DuffelFailure;
      expect(failure.status).toBe(429);
      expect(failure.message).toBe('Duffel answered HTTP 429, error code rate_limit_exceeded');
      expect(failure.errors.map((each) => each.code)).toEqual(['rate_limit_exceeded', '']);
      expect(failure.headers.get('ratelimit-reset')).toBe('Sun, 01 Mar 2026 08:01:00 GMT');
      expect(failure.headers.get('x-internal-secret')).toBeNull();
      expect(JSON.stringify({ ...failure, message: failure.message })).not.toContain(SECRET);
    } finally {
      await teller.close();
    }
  });

  it('should never follow a redirect', async () => {
    const redirecting = await startCountingServer((_request, response) =>
      response.writeHead(302, { location: `${internal.origin}/internal/admin` }).end(SECRET),
    );
    try {
      const client = duffelClientOf(
        { token: TOKEN, apiUrl: redirecting.origin },
        guardAllowing([redirecting.origin, internal.origin]),
      );
      const error = await failureOf(client.orders.list({ limit: 1 }));
      expect(error).toMatchObject({ status: 302, message: 'Duffel answered HTTP 302' });
      expect(internal.connections()).toBe(0);
    } finally {
      await redirecting.close();
    }
  });
});
