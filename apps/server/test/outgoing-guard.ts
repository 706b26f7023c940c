import type { FastifyBaseLogger } from 'fastify';
import { createOutgoingGuard, type OutgoingGuard } from '@/lib/outgoing-address';
import { silentLog } from './silent-log';

/**
 * The guard of a local or staging server whose operator allowed a stand-in's origins on
 * loopback (OUTGOING_ALLOWED_HOSTS), for code under test that reaches it directly.
 */
export function guardAllowing(
  origins: string[],
  log: FastifyBaseLogger = silentLog,
): OutgoingGuard {
  const allowedHosts = origins.map((origin) => {
    const url = new URL(origin);
    return { host: url.hostname, port: Number(url.port) };
  });
  return createOutgoingGuard({
    rules: { production: false, allowedHosts, operatorOrigins: [] },
    log,
  });
}
