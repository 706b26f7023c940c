import { describe, expect, it } from 'vitest';
import {
  clearSessionCredentials,
  getSessionCredentials,
  setSessionCredentials,
} from '@/lib/session-credentials';

const CREDENTIALS = { accessToken: 'tok-1', phone: '+972501234567', email: 'a@b.test' };

describe('session credentials', () => {
  it('should return what was stored when credentials are set', () => {
    setSessionCredentials(CREDENTIALS);

    expect(getSessionCredentials()).toEqual(CREDENTIALS);
  });

  it('should return null when credentials are cleared', () => {
    setSessionCredentials(CREDENTIALS);
    clearSessionCredentials();

    expect(getSessionCredentials()).toBeNull();
  });

  it('should return null when the stored value is not valid credentials', () => {
    localStorage.setItem('smt.session-credentials', '{not json');
    expect(getSessionCredentials()).toBeNull();

    localStorage.setItem('smt.session-credentials', JSON.stringify({ accessToken: 'tok' }));
    expect(getSessionCredentials()).toBeNull();
  });
});
