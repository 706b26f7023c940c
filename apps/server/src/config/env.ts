import { AppEnvironment, SESSION_DURATION_MINUTES_DEFAULT } from '@smt/shared';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads. README.md has the same table for people;
 * keep the two together.
 */
export const EnvSchema = z.object({
  APP_ENV: AppEnvironment.default('local'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  SMT_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  SESSION_DURATION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(SESSION_DURATION_MINUTES_DEFAULT),
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
  SIM_SEED: z.coerce.number().int().min(0).default(20_261_122),
  SIM_SPEED: z.coerce.number().min(0).max(10_000).default(60),
  SIM_LATENCY_MS: z.coerce.number().int().min(0).max(10_000).default(150),
  SIM_RATE_PER_SECOND: z.coerce.number().min(0).max(100_000).default(20),
  // A worker (SMT_ROLE=worker) has no HTTP port; this one serves its health, ready and metrics.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ENGINE_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(10),
  APP_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+/, 'must be a semantic version such as 3.23.8')
    .optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Where people reach the app; links in e-mails point here. */
export function publicUrlOf(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

export function isDevEnvironment(env: Env): boolean {
  return env.APP_ENV !== 'production';
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
  return parsed.data;
}
