import type { LookupAddress } from 'node:dns';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCountingServer, type CountingServer } from '../../test/counting-server';
import {
  createOutgoingGuard,
  OutgoingFailed,
  OutgoingRefused,
  type OutgoingRequest,
  type OutgoingRules,
  type ResolveAll,
} from './outgoing-address';

const RULES: OutgoingRules = { production: false, allowedHosts: [], operatorOrigins: [] };
const POST: OutgoingRequest = {
  method: 'POST',
  headers: { 'content-type': 'text/plain' },
  body: 'hello',
  timeoutMs: 5_000,
  maxAnswerBytes: 1024,
};

const resolvesTo =
  (...addresses: string[]): ResolveAll =>
  async () =>
    addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('the outgoing guard', () => {
  let server: CountingServer;
  let warnings: { details: object; message: string }[];
  const guardOf = (rules: Partial<OutgoingRules> = {}, resolve?: ResolveAll) =>
    createOutgoingGuard({
      rules: { ...RULES, ...rules },
      log: { warn: (details, message) => warnings.push({ details, message }) },
      ...(resolve ? { resolve } : {}),
    });
  const refusalOf = async (promise: Promise<unknown>) => {
    const error: unknown = await promise.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(OutgoingRefused);
    return error as OutgoingRefused;
  };
  const local = (port?: number) => ({ host: '127.0.0.1', port: port ?? null });

  beforeEach(async () => {
    warnings = [];
    server = await startCountingServer();
  });
  afterEach(() => server.close());

  describe('when an address is given', () => {
    it.each([
      'http://127.0.0.1:9/x',
      'https://127.0.0.1/x',
      'https://10.0.0.1/x',
      'https://172.16.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://[fd00:ec2::254]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://2130706433/x',
      'https://0x7f.1/x',
    ])('should refuse %s', async (address) => {
      await refusalOf(guardOf().check(address));
    });

    it('should name the kind of address and never the path', async () => {
      const refused = await refusalOf(guardOf().check('https://169.254.169.254/latest/secret'));
      expect(refused.host).toBe('169.254.169.254');
      expect(refused.reason).toBe('it is a cloud metadata service');
      expect(refused.message).not.toContain('secret');
    });

    it('should refuse a name when any address it resolves to is forbidden', async () => {
      const refused = await refusalOf(
        guardOf({}, resolvesTo('93.184.216.34', '10.1.2.3')).check('https://mixed.test/x'),
      );
      expect(refused.reason).toBe('its name resolves to a private address (RFC 1918)');
      await refusalOf(guardOf({}, resolvesTo('::1')).check('https://six.test/x'));
      await refusalOf(guardOf().check('https://localhost/x'));
    });

    it('should refuse a name that does not resolve', async () => {
      const nowhere: ResolveAll = () => Promise.reject(new Error('ENOTFOUND'));
      const refused = await refusalOf(guardOf({}, nowhere).check('https://nowhere.test/'));
      expect(refused.reason).toBe('its name does not resolve');
    });

    it('should take a name whose every address is public', async () => {
      await expect(
        guardOf({}, resolvesTo('93.184.216.34', '2606:2800:220:1::1')).check('https://ok.test/x'),
      ).resolves.toBeUndefined();
    });

    it('should refuse plain http unless the operator allows the host, and always in production', async () => {
      await refusalOf(guardOf({}, resolvesTo('93.184.216.34')).check('http://public.test/'));
      await expect(
        guardOf({ allowedHosts: [local()] }).check('http://127.0.0.1:8287/x'),
      ).resolves.toBeUndefined();
      const production = await refusalOf(
        guardOf({ production: true, allowedHosts: [local()] }).check('http://127.0.0.1:8287/x'),
      );
      expect(production.reason).toContain('production');
    });

    it('should let an allowed host through on its port only when the entry names one', async () => {
      const guard = guardOf({ allowedHosts: [local(8287)] });
      await expect(guard.check('https://127.0.0.1:8287/x')).resolves.toBeUndefined();
      await refusalOf(guard.check('https://127.0.0.1:8288/x'));
      await refusalOf(guard.check('https://127.0.0.1/x'));
    });

    it("should take the operator's own origin as configured", async () => {
      const guard = guardOf({ operatorOrigins: ['http://127.0.0.1:8400'] });
      await expect(guard.check('http://127.0.0.1:8400/air')).resolves.toBeUndefined();
      await refusalOf(guard.check('http://127.0.0.1:8401/air'));
    });

    it('should refuse other schemes and addresses carrying a user', async () => {
      await refusalOf(guardOf().check('ftp://93.184.216.34/x'));
      await refusalOf(guardOf().check('file:///etc/passwd'));
      await refusalOf(guardOf({ allowedHosts: [local()] }).check('https://u:p@127.0.0.1/x'));
      await refusalOf(guardOf().check('not an address'));
    });
  });

  describe('when a request is sent', () => {
    it('should send to an allowed host and answer its status', async () => {
      const answer = await guardOf({ allowedHosts: [local(server.port)] }).send(
        `${server.origin}/push/1`,
        POST,
        'test',
      );
      expect(answer.status).toBe(201);
      expect(server.received).toEqual([{ method: 'POST', path: '/push/1', body: 'hello' }]);
    });

    it('should connect to nothing and log the refusal when the address is forbidden', async () => {
      const refused = await refusalOf(
        guardOf().send(`https://127.0.0.1:${server.port}/reset?token=s3cret`, POST, 'push'),
      );
      expect(refused.host).toBe(`127.0.0.1:${server.port}`);
      expect(server.connections()).toBe(0);
      expect(warnings).toEqual([
        {
          details: {
            purpose: 'push',
            host: `127.0.0.1:${server.port}`,
            reason: 'it is a loopback address (RFC 1122)',
          },
          message: 'outgoing request refused: nothing was sent',
        },
      ]);
      expect(JSON.stringify(warnings)).not.toContain('s3cret');
    });

    it('should check the name again as it connects, so a name that turns private reaches nothing', async () => {
      let asked = 0;
      const rebinding: ResolveAll = async () => {
        asked += 1;
        return [{ address: asked === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
      };
      const guard = guardOf({}, rebinding);
      const address = `https://rebind.test:${server.port}/x`;
      await guard.check(address);
      const refused = await refusalOf(guard.send(address, POST, 'test'));
      expect(refused.reason).toBe('its name resolves to a loopback address (RFC 1122)');
      expect(asked).toBe(2);
      expect(server.connections()).toBe(0);
      expect(warnings).toHaveLength(1);
    });

    it('should take a name that stops resolving as a failure that may pass, not a refusal', async () => {
      const nowhere: ResolveAll = () => Promise.reject(new Error('EAI_AGAIN'));
      const error: unknown = await guardOf({}, nowhere)
        .send(`https://push.test:${server.port}/x`, POST, 'push')
        .catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(OutgoingFailed);
      expect(error).toMatchObject({ code: 'ENOTFOUND' });
      expect(warnings).toEqual([]);
      expect(server.connections()).toBe(0);
    });

    it('should answer a redirect as it came and never follow it', async () => {
      const target = await startCountingServer();
      const redirecting = await startCountingServer((_request, response) =>
        response.writeHead(302, { location: `${target.origin}/internal/admin` }).end(),
      );
      try {
        const guard = guardOf({ allowedHosts: [local(redirecting.port), local(target.port)] });
        const answer = await guard.send(`${redirecting.origin}/push`, POST, 'test');
        expect(answer.status).toBe(302);
        expect(redirecting.received).toHaveLength(1);
        expect(target.connections()).toBe(0);
      } finally {
        await target.close();
        await redirecting.close();
      }
    });

    it('should fail without an answer when the host is silent, too long or not there', async () => {
      const silent = await startCountingServer(() => undefined);
      const talkative = await startCountingServer((_request, response) =>
        response.writeHead(200).end('x'.repeat(4096)),
      );
      try {
        const guard = guardOf({
          allowedHosts: [local(silent.port), local(talkative.port), local(1)],
        });
        const failureOf = (address: string, request = POST) =>
          guard.send(address, request, 'test').then(
            () => null,
            (error: unknown) => error,
          );
        const slow = await failureOf(`${silent.origin}/`, { ...POST, timeoutMs: 200 });
        expect(slow).toBeInstanceOf(OutgoingFailed);
        expect(slow).toMatchObject({ code: 'TIMEOUT' });
        expect(await failureOf(`${talkative.origin}/`)).toMatchObject({ code: 'TOO_LARGE' });
        expect(await failureOf('http://127.0.0.1:1/')).toMatchObject({ code: 'ECONNREFUSED' });
      } finally {
        await silent.close();
        await talkative.close();
      }
    });
  });
});
