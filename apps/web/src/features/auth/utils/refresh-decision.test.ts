import { describe, expect, it } from 'vitest';
import { refreshDecisionOf } from '@/features/auth/utils/refresh-decision';
import type { SessionCredentials } from '@/lib/session-credentials';

const NOW = Date.parse('2030-01-01T12:00:00Z');

function credentialsExpiringIn(ms: number): SessionCredentials {
  return {
    accessToken: 'tok',
    expiresAt: new Date(NOW + ms).toISOString(),
    phone: '+972500000003',
    email: 'agent@demo.test',
    keepLoggedIn: false,
  };
}

const base = { now: NOW, onLoad: false, mayResume: true };

describe('refreshDecisionOf', () => {
  it('should keep the token when it expires in more than two minutes', () => {
    expect(refreshDecisionOf({ ...base, credentials: credentialsExpiringIn(2 * 60_000 + 1) })).toBe(
      'keep',
    );
  });

  it('should refresh when the token expires within two minutes', () => {
    expect(refreshDecisionOf({ ...base, credentials: credentialsExpiringIn(2 * 60_000) })).toBe(
      'refresh',
    );
  });

  it('should refresh when the token has already expired', () => {
    expect(refreshDecisionOf({ ...base, credentials: credentialsExpiringIn(-60_000) })).toBe(
      'refresh',
    );
  });

  it('should refresh when the stored expiry cannot be read', () => {
    const credentials = { ...credentialsExpiringIn(0), expiresAt: 'soon' };

    expect(refreshDecisionOf({ ...base, credentials })).toBe('refresh');
  });

  it('should try to resume when the page loads without credentials after an earlier sign-in', () => {
    expect(refreshDecisionOf({ ...base, credentials: null, onLoad: true })).toBe('refresh');
  });

  it('should stay signed out when no one signed in on this browser before', () => {
    expect(refreshDecisionOf({ ...base, credentials: null, onLoad: true, mayResume: false })).toBe(
      'signed-out',
    );
  });

  it('should stay signed out when credentials are missing after the page loaded', () => {
    expect(refreshDecisionOf({ ...base, credentials: null })).toBe('signed-out');
  });
});
