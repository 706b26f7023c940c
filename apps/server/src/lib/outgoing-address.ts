import { promises as dns, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AllowedHost, Env } from '@/config/env';
import { forbiddenRangeOf } from './outgoing-address-ranges';

// Every request to an address a person gave (a push endpoint, a connection's API address, any
// future webhook target) goes through this guard (docs/decisions/053, after OWASP's SSRF
// Prevention Cheat Sheet): https only in production, plain http elsewhere only to a host the
// operator allows; the name's every resolved address public, checked when the address is given
// and again as the connection is made, so a name that resolves elsewhere later (DNS rebinding)
// still reaches nothing; a redirect is answered as it came, never followed.

export type OutgoingRules = {
  production: boolean;
  /** OUTGOING_ALLOWED_HOSTS: reached whatever they resolve to, and over http outside production. */
  allowedHosts: readonly AllowedHost[];
  /**
   * Origins the operator configured (DUFFEL_API_URL, SABRE_REST_URL, SABRE_SOAP_URL): reached
   * as configured, like SMTP_URL.
   */
  operatorOrigins: readonly string[];
};

export const outgoingRulesOf = (env: Env): OutgoingRules => ({
  production: env.APP_ENV === 'production',
  allowedHosts: env.OUTGOING_ALLOWED_HOSTS,
  operatorOrigins: [env.DUFFEL_API_URL, env.SABRE_REST_URL, env.SABRE_SOAP_URL]
    .filter((address): address is string => address !== undefined)
    .map((address) => new URL(address).origin),
});

/** Every address a name resolves to; tests give their own. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

const resolveWithDns: ResolveAll = (hostname) => dns.lookup(hostname, { all: true });

/** The guard would not let the request go: nothing was sent. Its words name no secret. */
export class OutgoingRefused extends Error {
  constructor(
    /** host:port, as the address gave it. */
    readonly host: string,
    /** Why, in our words: 'its name resolves to a loopback address (RFC 1122)'. */
    readonly reason: string,
  ) {
    super(`${host} may not be reached: ${reason}`);
    this.name = 'OutgoingRefused';
  }
}

/** The request went out or was tried, and no answer came (refused, dropped, too slow, too long). */
export class OutgoingFailed extends Error {
  constructor(
    readonly host: string,
    /** The system's code (ECONNREFUSED, ECONNRESET), 'TIMEOUT' or 'TOO_LARGE'. */
    readonly code: string,
  ) {
    super(`${host} could not be reached (${code})`);
    this.name = 'OutgoingFailed';
  }
}

export type OutgoingRequest = {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs: number;
  /** A longer answer is a failure: what a stranger's server answers is not read without end. */
  maxAnswerBytes: number;
};

export type OutgoingAnswer = { status: number; headers: Headers; body: Buffer };

export type OutgoingGuard = {
  /** When a person gives an address, before it is stored: throws OutgoingRefused. */
  check: (address: string) => Promise<void>;
  /**
   * Sends one request to an address a person gave, checked again at connect time; a refusal
   * is logged (warn, host and reason only) and thrown as OutgoingRefused with nothing sent. A
   * 3xx is answered as it is: the caller treats it as a failure.
   */
  send: (address: string, request: OutgoingRequest, purpose: string) => Promise<OutgoingAnswer>;
};

type WarnLog = { warn: (details: object, message: string) => void };

const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

const isAllowed = (rules: OutgoingRules, url: URL) =>
  rules.allowedHosts.some(
    ({ host, port }) => host === url.hostname && (port === null || port === portOf(url)),
  );

/** What is left to check once the address itself passed: the addresses its name resolves to. */
type Verdict = { resolveAndCheck: string | null };

function judge(rules: OutgoingRules, url: URL): Verdict {
  const refuse = (reason: string) => new OutgoingRefused(url.host, reason);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw refuse('only https addresses are reached');
  if (url.username || url.password) throw refuse('an address may not carry a user or password');
  if (rules.operatorOrigins.includes(url.origin)) return { resolveAndCheck: null };
  const allowed = isAllowed(rules, url);
  if (url.protocol === 'http:' && rules.production)
    throw refuse('plain http is not used in production: give an https address');
  if (url.protocol === 'http:' && !allowed)
    throw refuse('plain http goes only to a host OUTGOING_ALLOWED_HOSTS names');
  if (allowed) return { resolveAndCheck: null };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) {
    const range = forbiddenRangeOf(host);
    if (range) throw refuse(`it is ${range}`);
    return { resolveAndCheck: null };
  }
  return { resolveAndCheck: host };
}

/**
 * Every address the name resolves to, each public. A name that does not resolve is refused
 * when it is given; when it is used, that is a failure that may pass (a resolver down for a
 * moment must not end every push subscription).
 */
async function resolvedPublic(
  resolve: ResolveAll,
  url: URL,
  hostname: string,
  when: 'given' | 'used',
) {
  const unresolved = () =>
    when === 'given'
      ? new OutgoingRefused(url.host, 'its name does not resolve')
      : new OutgoingFailed(url.host, 'ENOTFOUND');
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(hostname);
  } catch {
    throw unresolved();
  }
  if (addresses.length === 0) throw unresolved();
  for (const { address } of addresses) {
    const range = forbiddenRangeOf(address);
    if (range) throw new OutgoingRefused(url.host, `its name resolves to ${range}`);
  }
  return addresses;
}

const parse = (address: string) => {
  try {
    return new URL(address);
  } catch {
    throw new OutgoingRefused('(not an address)', 'it is not a URL');
  }
};

/**
 * Node's connect-time lookup, refusing a name when any address it resolves to is forbidden:
 * what is checked is what is connected to.
 */
function guardedLookup(resolve: ResolveAll, url: URL): LookupFunction {
  return (hostname, options, callback) => {
    resolvedPublic(resolve, url, hostname, 'used').then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : null;
        const fitting = family ? addresses.filter((each) => each.family === family) : addresses;
        const [first] = fitting;
        if (options.all) callback(null, fitting);
        else if (first) callback(null, first.address, first.family);
        else callback(new OutgoingFailed(url.host, 'ENOTFOUND'), '', 0);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

function headersOf(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const each of Array.isArray(value) ? value : [value]) {
      if (each !== undefined) headers.append(name, each);
    }
  }
  return headers;
}

type Agents = { http: http.Agent; https: https.Agent };

/** One request, no redirect followed, the answer read up to its limit. */
function exchange(
  agents: Agents,
  url: URL,
  request: OutgoingRequest,
  lookup: LookupFunction | undefined,
): Promise<OutgoingAnswer> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      if (error instanceof OutgoingRefused || error instanceof OutgoingFailed) reject(error);
      else if (error instanceof Error && error.name === 'AbortError')
        reject(new OutgoingFailed(url.host, 'TIMEOUT'));
      else {
        const code = (error as NodeJS.ErrnoException | null)?.code;
        reject(new OutgoingFailed(url.host, typeof code === 'string' ? code : 'FAILED'));
      }
    };
    const outgoing = transport.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        agent: url.protocol === 'https:' ? agents.https : agents.http,
        signal: AbortSignal.timeout(request.timeoutMs),
        ...(lookup ? { lookup } : {}),
      },
      (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxAnswerBytes)
            answer.destroy(new OutgoingFailed(url.host, 'TOO_LARGE'));
          else chunks.push(chunk);
        });
        answer.on('error', fail);
        answer.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({
            status: answer.statusCode ?? 0,
            headers: headersOf(answer.headers),
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    outgoing.on('error', fail);
    outgoing.end(request.body);
  });
}

export function createOutgoingGuard(deps: {
  rules: OutgoingRules;
  log: WarnLog;
  resolve?: ResolveAll;
}): OutgoingGuard {
  const { rules, log } = deps;
  const resolve = deps.resolve ?? resolveWithDns;
  // Its own agents: a socket they keep alive was opened under this guard's checks.
  const agents = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  };

  return {
    async check(address) {
      const url = parse(address);
      const { resolveAndCheck } = judge(rules, url);
      if (resolveAndCheck !== null) await resolvedPublic(resolve, url, resolveAndCheck, 'given');
    },

    async send(address, request, purpose) {
      try {
        const url = parse(address);
        const { resolveAndCheck } = judge(rules, url);
        return await exchange(
          agents,
          url,
          request,
          resolveAndCheck === null ? undefined : guardedLookup(resolve, url),
        );
      } catch (error) {
        if (error instanceof OutgoingRefused) {
          log.warn(
            { purpose, host: error.host, reason: error.reason },
            'outgoing request refused: nothing was sent',
          );
        }
        throw error;
      }
    },
  };
}
