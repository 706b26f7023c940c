import { describe, expect, it, vi } from 'vitest';
import {
  clearSessionCredentials,
  getSessionCredentials,
  setSessionCredentials,
  type SessionCredentials,
} from '@/lib/session-credentials';

const KEY = 'smt.session-credentials';
const CREDENTIALS: SessionCredentials = {
  accessToken: 'tok-1',
  expiresAt: '2030-01-01T10:00:00.000Z',
  phone: '+972501234567',
  email: 'a@b.test',
  keepLoggedIn: false,
};

describe('session credentials', () => {
  it('should return what was stored when credentials are set', () => {
    setSessionCredentials(CREDENTIALS);

    expect(getSessionCredentials()).toEqual(CREDENTIALS);
  });

  it('should keep the credentials in session storage when keep me logged in is off', () => {
    setSessionCredentials(CREDENTIALS);

    expect(sessionStorage.getItem(KEY)).not.toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('should keep the credentials in local storage when keep me logged in is on', () => {
    setSessionCredentials({ ...CREDENTIALS, keepLoggedIn: true });

    expect(localStorage.getItem(KEY)).not.toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(getSessionCredentials()?.keepLoggedIn).toBe(true);
  });

  it('should move the credentials when the keep me logged in choice changes', () => {
    setSessionCredentials({ ...CREDENTIALS, keepLoggedIn: true });
    setSessionCredentials({ ...CREDENTIALS, accessToken: 'tok-2' });

    expect(localStorage.getItem(KEY)).toBeNull();
    expect(getSessionCredentials()?.accessToken).toBe('tok-2');
  });

  it('should return null when credentials are cleared', () => {
    setSessionCredentials(CREDENTIALS);
    setSessionCredentials({ ...CREDENTIALS, keepLoggedIn: true });
    clearSessionCredentials();

    expect(getSessionCredentials()).toBeNull();
  });

  it('should return null when the stored value is not valid credentials', () => {
    localStorage.setItem(KEY, '{not json');
    expect(getSessionCredentials()).toBeNull();

    localStorage.setItem(KEY, JSON.stringify({ accessToken: 'tok' }));
    expect(getSessionCredentials()).toBeNull();
  });

  it('should parse what is stored once while it stays the same', () => {
    setSessionCredentials(CREDENTIALS);
    const parse = vi.spyOn(JSON, 'parse');

    const reads = [getSessionCredentials(), getSessionCredentials(), getSessionCredentials()];

    expect(parse).toHaveBeenCalledTimes(1);
    expect(reads[2]).toEqual(CREDENTIALS);
    parse.mockRestore();
  });

  it('should read credentials another tab stored, not the ones read before', () => {
    setSessionCredentials({ ...CREDENTIALS, keepLoggedIn: true });
    expect(getSessionCredentials()?.accessToken).toBe('tok-1');

    localStorage.setItem(
      KEY,
      JSON.stringify({ ...CREDENTIALS, accessToken: 'tok-9', keepLoggedIn: true }),
    );

    expect(getSessionCredentials()?.accessToken).toBe('tok-9');
  });

  it('should answer credentials no caller can change for the others', () => {
    setSessionCredentials(CREDENTIALS);
    const credentials = getSessionCredentials();

    expect(() => Object.assign(credentials!, { accessToken: 'changed' })).toThrow(TypeError);
    expect(getSessionCredentials()?.accessToken).toBe('tok-1');
  });
});
