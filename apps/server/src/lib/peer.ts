import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

// Who is at the other end of the connection itself, whatever a proxy wrote in its headers.

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const privateRanges = new BlockList();
privateRanges.addSubnet('10.0.0.0', 8, 'ipv4');
privateRanges.addSubnet('172.16.0.0', 12, 'ipv4');
privateRanges.addSubnet('192.168.0.0', 16, 'ipv4');
privateRanges.addSubnet('fc00::', 7, 'ipv6');
privateRanges.addSubnet('fe80::', 10, 'ipv6');

/** The address without an IPv4-mapped IPv6 prefix (`::ffff:127.0.0.1` is 127.0.0.1). */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function kindOf(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = plain(address);
  const kind = kindOf(bare);
  return kind !== null && loopback.check(bare, kind);
}

export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = plain(address);
  const kind = kindOf(bare);
  return kind !== null && (loopback.check(bare, kind) || privateRanges.check(bare, kind));
}

/** Whether a proxy relayed the request: then the peer is the proxy, not the caller. */
function wasForwarded(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    headers['x-forwarded-for'] !== undefined ||
    headers.forwarded !== undefined ||
    headers['x-real-ip'] !== undefined
  );
}

/**
 * A caller on this machine, talking to the server directly: the connection comes from a
 * loopback address and no proxy relayed it. What the dev routes answer.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && !wasForwarded(request);
}

/**
 * A caller inside the site's own network (loopback or a private range), not relayed by a
 * proxy: a metrics scraper or a supervisor, never a browser through the public entrance.
 */
export function isSiteCaller(request: FastifyRequest): boolean {
  return isPrivateAddress(request.socket.remoteAddress) && !wasForwarded(request);
}
