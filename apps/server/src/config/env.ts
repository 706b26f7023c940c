import { isIP } from 'node:net';
import { AppEnvironment, SESSION_DURATION_MINUTES_DEFAULT } from '@smt/shared';
import { z } from 'zod';

/** An address or a CIDR range, IPv4 or IPv6, as proxy-addr (Fastify's trustProxy) reads it. */
function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  const width = Number(bits);
  return /^\d+$/.test(bits) && width <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address: none (false), every hop (true: the client writes
 * the left-most X-Forwarded-For itself), the nearest N hops, or the proxies at these addresses.
 */
const TrustProxy = z.string().transform((value, context): boolean | number | string[] => {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong.length > 0) {
    context.addIssue({
      code: 'custom',
      message:
        'must be false, a number of proxy hops (1) or proxy addresses and CIDR ranges ' +
        `separated by commas (10.0.0.2,10.1.0.0/16)${wrong.length ? `; not an address: ${wrong.join(', ')}` : ''}`,
    });
    return z.NEVER;
  }
  return entries;
});

/** A host the outgoing guard lets through: any port, or only the one given. */
export type AllowedHost = { host: string; port: number | null };

/** A host as the WHATWG URL parser writes it, or null when it is none. */
function urlHostname(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * OUTGOING_ALLOWED_HOSTS: `host` or `host:port` entries separated by commas (`[::1]:8080` for
 * IPv6), each host written as the WHATWG URL parser writes it (lower case, IPv4 dotted), so
 * lib/outgoing-address.ts compares it with a URL's own hostname.
 */
const AllowedHosts = z.string().transform((value, context): AllowedHost[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hosts: AllowedHost[] = [];
  const wrong: string[] = [];
  for (const entry of entries) {
    // A bare IPv6 address has colons of its own: it names a host on any port.
    const bracketed = isIP(entry) === 6 ? `[${entry}]` : entry;
    const match = /^(\[[^\]]+\]|[^:[\]/@?#]+)(?::(\d{1,5}))?$/.exec(bracketed);
    const port = match?.[2] === undefined ? null : Number(match[2]);
    const host = match?.[1] ? urlHostname(match[1]) : null;
    if (host === null || (port !== null && (port < 1 || port > 65_535))) wrong.push(entry);
    else hosts.push({ host, port });
  }
  if (wrong.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `must be hosts or host:port separated by commas (127.0.0.1:8287,stand-in.local); not one: ${wrong.join(', ')}`,
    });
    return z.NEVER;
  }
  return hosts;
});

/** Where the server listens when HOST is not set: this machine only, outside production. */
export const DEFAULT_HOSTS = { production: '0.0.0.0', elsewhere: '127.0.0.1' } as const;

/**
 * Every environment variable the server reads. README.md has the same table for people;
 * keep the two together.
 */
export const EnvSchema = z.object({
  APP_ENV: AppEnvironment.default('local'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Unset: DEFAULT_HOSTS, by APP_ENV (read in loadEnv).
  HOST: z.string().min(1).optional(),
  SMT_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  // Seconds a process told to stop (SIGTERM) keeps serving with readiness at 503, so that a
  // balancer's next check moves traffic off it before it closes (issue 33).
  DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // How long a start waits for a database it cannot reach yet (0: one try).
  DATABASE_START_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // Hot queries as named prepared statements (decision 048); off behind a transaction pooler
  // that does not carry them (PgBouncer before 1.21, or without max_prepared_statements).
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: TrustProxy.default(false),
  SESSION_DURATION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(SESSION_DURATION_MINUTES_DEFAULT),
  // How long a process trusts a session it read (decision 046); 0 reads it on every call.
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CAPTCHA_TEST_KEY: z.string().min(8).default('local-test-key'),
  KEEP_LOGGED_IN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('SMT <no-reply@smt.local>'),
  SMS_WEBHOOK_URL: z.url().optional(),
  TERMS_URL: z.url().default('https://smt.travel/terms'),
  PRIVACY_URL: z.url().default('https://smt.travel/privacy'),
  FEEDBACK_URL: z.url().default('https://smt.travel/feedback'),
  SUPPORT_EMAIL: z.email().default('support@smt.travel'),
  SUPPORT_PHONES: z
    .string()
    .default('+972-3-000-0000,+1-800-000-0000')
    .transform((value) =>
      value
        .split(',')
        .map((phone) => phone.trim())
        .filter(Boolean),
    ),
  // The training documents' resources.json in a storage bucket; unset, the list this server ships.
  DOCUMENTS_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Duffel's API for every Duffel connection of this server (a connection may set its own).
  DUFFEL_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.duffel.com'),
  // Sabre's REST and SOAP addresses for every Sabre connection of this server; unset, those of
  // the environment (certification or production) each connection names (docs/decisions/070).
  SABRE_REST_URL: z.url({ protocol: /^https?$/ }).optional(),
  SABRE_SOAP_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Hosts that addresses people give (push endpoints, a connection's API address) may reach
  // although the outgoing guard refuses private, loopback and link-local addresses, and plain
  // http outside production: a test stand-in or a service inside the site's own network
  // (lib/outgoing-address.ts, docs/decisions/053).
  OUTGOING_ALLOWED_HOSTS: AllowedHosts.default(() => []),
  SIM_SEED: z.coerce.number().int().min(0).default(20_261_122),
  SIM_SPEED: z.coerce.number().min(0).max(10_000).default(60),
  SIM_LATENCY_MS: z.coerce.number().int().min(0).max(10_000).default(150),
  SIM_RATE_PER_SECOND: z.coerce.number().min(0).max(100_000).default(20),
  // A worker (SMT_ROLE=worker) has no HTTP port; this one serves its health, ready and metrics.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ENGINE_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(10),
  // How often a worker looks for bookings due a check; a booking made or changed waits for it.
  ENGINE_SCHEDULE_MS: z.coerce.number().int().min(250).max(60_000).default(5_000),
  // How often a worker asks every connection for the bookings it does not watch yet.
  ENGINE_SYNC_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  APP_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+/, 'must be a semantic version such as 3.23.8')
    .optional(),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'HOST'> & { HOST: string };

/** Where people reach the app; links in e-mails point here. */
export function publicUrlOf(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

export function isDevEnvironment(env: Env): boolean {
  return env.APP_ENV !== 'production';
}

const PROXY_HINT =
  'write the number of proxies in front of SMT (TRUST_PROXY=1) or their addresses ' +
  '(TRUST_PROXY=10.0.0.2,10.1.0.0/16)';

/** What production refuses that local and staging allow. */
function productionProblems(env: Env): string[] {
  if (env.APP_ENV !== 'production') return [];
  const problems: string[] = [];
  if (env.TRUST_PROXY === true) {
    problems.push(
      `TRUST_PROXY: true trusts every hop, so any client can choose the address the server ` +
        `sees (and dodge the sign-in limits per address); ${PROXY_HINT}`,
    );
  }
  return problems;
}

/**
 * What a production server cannot work without: where people reach it, and a way to send
 * sign-in codes. The server refuses to start on these; commands (admin, seed, dump) do not
 * need them. The warnings name a sign-in method that cannot work while the other can.
 */
export function productionReadiness(env: Env): { problems: string[]; warnings: string[] } {
  if (env.APP_ENV !== 'production') return { problems: [], warnings: [] };
  const problems: string[] = [];
  const warnings: string[] = [];
  if (!env.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: required in production: where people reach the app; sign-in links in ' +
        'e-mails point there',
    );
  }
  if (!env.SMTP_URL && !env.SMS_WEBHOOK_URL) {
    problems.push(
      'SMTP_URL or SMS_WEBHOOK_URL: at least one is required in production: without SMTP_URL ' +
        'no one can sign in by e-mail link, without SMS_WEBHOOK_URL no one can sign in by SMS ' +
        'code, so with neither no one can sign in',
    );
  } else if (!env.SMTP_URL) {
    warnings.push('SMTP_URL is not set: sign-in by e-mail link cannot work, and no e-mail is sent');
  } else if (!env.SMS_WEBHOOK_URL) {
    warnings.push('SMS_WEBHOOK_URL is not set: sign-in by SMS code cannot work');
  }
  return { problems, warnings };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once at start; fails listing every variable that is wrong. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as shells and .env files tend to write it.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env: Env = {
    ...parsed.data,
    HOST:
      parsed.data.HOST ??
      (parsed.data.APP_ENV === 'production' ? DEFAULT_HOSTS.production : DEFAULT_HOSTS.elsewhere),
  };
  const refused = productionProblems(env);
  if (refused.length > 0) throw new ConfigError(refused);
  return env;
}
