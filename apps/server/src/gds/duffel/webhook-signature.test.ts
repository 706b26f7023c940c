import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sendWebhook } from '../../../test/duffel-stand-in/webhooks';
import { isGenuineDuffelWebhook, signDuffelWebhook } from './webhook-signature';

// The example of Duffel's Ruby client (duffel-api-ruby, spec/duffel_api/webhook_event_spec.rb).
const BODY =
  '{"created_at":"2022-01-08T18:44:56.129339Z","data":{"changes":{},"object":{}},' +
  '"id":"eve_0000AFEsrBKZAcKgGtZCnQ","live_mode":false,"object":"order","type":"' +
  'order.updated"}';
const SECRET = 'a_secret';
const SIGNATURE =
  't=1641667496,v1=691f25ffb1f206c0fda5bb7b1a9d60fafe42c5f42819d44a06a7cfe09486f102';
const SIGNED_AT = 1641667496;

describe('signDuffelWebhook', () => {
  it('should sign as Duffel does when given the Ruby client’s example', () => {
    expect(signDuffelWebhook(SECRET, BODY, SIGNED_AT)).toBe(SIGNATURE);
  });

  it('should sign bytes and text alike', () => {
    expect(signDuffelWebhook(SECRET, Buffer.from(BODY), SIGNED_AT)).toBe(SIGNATURE);
  });
});

describe('isGenuineDuffelWebhook', () => {
  it('should accept the Ruby client’s example when it arrives on time', () => {
    expect(isGenuineDuffelWebhook(SECRET, BODY, SIGNATURE, SIGNED_AT + 10)).toBe(true);
  });

  it('should refuse a body that was not the one signed', () => {
    expect(isGenuineDuffelWebhook(SECRET, 'foo', SIGNATURE, SIGNED_AT)).toBe(false);
    expect(isGenuineDuffelWebhook(SECRET, `${BODY} `, SIGNATURE, SIGNED_AT)).toBe(false);
  });

  it('should refuse a signature made with another secret', () => {
    expect(isGenuineDuffelWebhook('another', BODY, SIGNATURE, SIGNED_AT)).toBe(false);
  });

  it('should refuse headers that are not a signature when malformed', () => {
    const hex = SIGNATURE.split('v1=')[1] ?? '';
    for (const header of [
      'nah',
      '',
      null,
      undefined,
      `v1=${hex},t=${SIGNED_AT}`,
      `t=${SIGNED_AT},v1=${hex.slice(2)}`,
      `t=${SIGNED_AT},v1=${hex.toUpperCase()}`,
      `t=abc,v1=${hex}`,
      `t=${SIGNED_AT},v1=${hex},v0=${hex}`,
    ]) {
      expect(isGenuineDuffelWebhook(SECRET, BODY, header, SIGNED_AT)).toBe(false);
    }
  });

  it('should refuse a delivery signed outside the tolerance either way', () => {
    expect(isGenuineDuffelWebhook(SECRET, BODY, SIGNATURE, SIGNED_AT + 300)).toBe(true);
    expect(isGenuineDuffelWebhook(SECRET, BODY, SIGNATURE, SIGNED_AT + 301)).toBe(false);
    expect(isGenuineDuffelWebhook(SECRET, BODY, SIGNATURE, SIGNED_AT - 301)).toBe(false);
    expect(isGenuineDuffelWebhook(SECRET, BODY, SIGNATURE, SIGNED_AT + 60, 30)).toBe(false);
  });

  it('should accept what signDuffelWebhook signs when the secret is the same', () => {
    const header = signDuffelWebhook('whsec_x', '{"id":"eve_1"}', 1_800_000_000);
    expect(isGenuineDuffelWebhook('whsec_x', '{"id":"eve_1"}', header, 1_800_000_100)).toBe(true);
  });
});

describe('the stand-in’s webhook deliveries', () => {
  it('should arrive signed so that isGenuineDuffelWebhook accepts each, twice when duplicated', async () => {
    const received: { id: string; genuine: boolean }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const signature = req.headers['x-duffel-signature'];
        received.push({
          id: (JSON.parse(body.toString('utf8')) as { id: string }).id,
          genuine: isGenuineDuffelWebhook(
            'whsec_standin',
            body,
            typeof signature === 'string' ? signature : null,
            Math.floor(Date.now() / 1000),
          ),
        });
        res.writeHead(204).end();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const deliveries = await sendWebhook({
        url: `http://127.0.0.1:${port}/api/webhooks/duffel/1`,
        secret: 'whsec_standin',
        event: {
          id: 'eve_1',
          type: 'order.airline_initiated_change_detected',
          data: { object: {} },
        },
        duplicate: true,
      });
      expect(deliveries.map((delivery) => delivery.status)).toEqual([204, 204]);
      expect(received).toEqual([
        { id: 'eve_1', genuine: true },
        { id: 'eve_1', genuine: true },
      ]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
