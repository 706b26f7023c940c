import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

describe('loadEnv', () => {
  it('should use the documented defaults when nothing is set', () => {
    expect(loadEnv({})).toMatchObject({
      APP_ENV: 'local',
      PORT: 8080,
      SMT_ROLE: 'all',
      DATA_DIR: './data',
      SESSION_DURATION_MINUTES: 30,
      TRUST_PROXY: false,
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
      loadEnv({ TRUST_PROXY: 'true', PORT: '9090', DATABASE_URL: 'postgres://u@h/db' }),
    ).toMatchObject({ TRUST_PROXY: true, PORT: 9090, DATABASE_URL: 'postgres://u@h/db' });
  });
});
