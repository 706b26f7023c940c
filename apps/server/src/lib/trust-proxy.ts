import type { FastifyServerOptions } from 'fastify';
import type { Env } from '@/config/env';
import { isPrivateAddress } from './peer';

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count trusts the nearest hops, the first of them
 * only on the site's own network: Fastify refuses a bare count (it cannot tell the proxy from a
 * client that reached the server directly and wrote the header itself), and a proxy in front
 * of a server sits on loopback or a private range. Addresses and ranges go to Fastify as they
 * are. docs/decisions/030.
 */
export function trustProxyOf(setting: Env['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  if (setting === 0) return false;
  const hops = setting;
  return (address: string, hop: number) => hop < hops && (hop > 0 || isPrivateAddress(address));
}
