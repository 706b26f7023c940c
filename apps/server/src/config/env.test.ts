import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv, productionReadiness } from './env';

const problemsOf = (source: Record<string, string>) => {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadEnv', () => {
  it('should use the documented defaults when nothing is set', () => {
    expect(loadEnv({})).toMatchObject({
      APP_ENV: 'local',
      PORT: 8080,
      SMT_ROLE: 'all',
      DATA_DIR: './data',
      SESSION_DURATION_MINUTES: 30,
      TRUST_PROXY: false,
      DATABASE_START_TIMEOUT_SECONDS: 60,
      DATABASE_PREPARED_STATEMENTS: 'on',
    });
    expect(loadEnv({}).DATABASE_URL).toBeUndefined();
  });

  it('should treat an empty variable as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 8080 });
  });

  it('should list every wrong variable when several are wrong', () => {
    let error: unknown;
    try {
      loadEnv({ APP_ENV: 'prod', PORT: 'eighty', DATABASE_URL: 'mysql://x', SMT_ROLE: 'both' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(['APP_ENV', 'DATABASE_URL', 'PORT', 'SMT_ROLE']);
    expect((error as ConfigError).message).toMatch(/DATABASE_URL: must be a postgres/);
  });

  it('should read flags and numbers from their text when they are set', () => {
    expect(
      loadEnv({ TRUST_PROXY: '1', PORT: '9090', DATABASE_URL: 'postgres://u@h/db' }),
    ).toMatchObject({ TRUST_PROXY: 1, PORT: 9090, DATABASE_URL: 'postgres://u@h/db' });
  });

  it('should listen on 127.0.0.1 when HOST is not set outside production', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ APP_ENV: 'staging' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ APP_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('should read TRUST_PROXY as off, a hop count or proxy addresses when set so', () => {
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'yes' })[0]).toMatch(/^TRUST_PROXY: must be false/);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33,proxy.local' })[0]).toMatch(
      /not an address: 10\.0\.0\.0\/33, proxy\.local/,
    );
  });

  it('should refuse TRUST_PROXY=true in production, saying what to write instead', () => {
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    const [problem] = problemsOf({ APP_ENV: 'production', TRUST_PROXY: 'true' });
    expect(problem).toMatch(/^TRUST_PROXY: true trusts every hop/);
    expect(problem).toMatch(/TRUST_PROXY=1/);
  });

  it('should name what production lacks and which sign-in cannot work when it is missing', () => {
    const bare = productionReadiness(loadEnv({ APP_ENV: 'production' }));
    expect(bare.problems.map((p) => p.split(':')[0])).toEqual([
      'PUBLIC_URL',
      'SMTP_URL or SMS_WEBHOOK_URL',
    ]);
    expect(bare.problems[1]).toMatch(/no one can sign in$/);
    const smsOnly = productionReadiness(
      loadEnv({
        APP_ENV: 'production',
        PUBLIC_URL: 'https://smt.example.com',
        SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      }),
    );
    expect(smsOnly.problems).toEqual([]);
    expect(smsOnly.warnings).toEqual([expect.stringMatching(/sign-in by e-mail link cannot work/)]);
    expect(productionReadiness(loadEnv({})).problems).toEqual([]);
  });
});
