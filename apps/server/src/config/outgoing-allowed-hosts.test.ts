import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

describe('OUTGOING_ALLOWED_HOSTS', () => {
  it('should allow no host when unset', () => {
    expect(loadEnv({}).OUTGOING_ALLOWED_HOSTS).toEqual([]);
  });

  it('should read hosts and host:port entries as the URL parser writes hosts', () => {
    expect(
      loadEnv({
        OUTGOING_ALLOWED_HOSTS:
          ' stand-in.local , 127.0.0.1:8287,Push.Example:443,[::1]:8080,::1,2130706433',
      }).OUTGOING_ALLOWED_HOSTS,
    ).toEqual([
      { host: 'stand-in.local', port: null },
      { host: '127.0.0.1', port: 8287 },
      { host: 'push.example', port: 443 },
      { host: '[::1]', port: 8080 },
      { host: '[::1]', port: null },
      { host: '127.0.0.1', port: null },
    ]);
  });

  it('should refuse to start on an entry that is no host, naming it', () => {
    let problems: string[] = [];
    try {
      loadEnv({ OUTGOING_ALLOWED_HOSTS: '127.0.0.1:8287,http://x.test,host:99999,a b' });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(
        /^OUTGOING_ALLOWED_HOSTS: must be hosts or host:port .*; not one: http:\/\/x\.test, host:99999, a b$/,
      ),
    ]);
  });
});
