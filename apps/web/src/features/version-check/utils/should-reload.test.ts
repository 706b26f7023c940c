import { describe, expect, it } from 'vitest';
import { shouldReload } from '@/features/version-check/utils/should-reload';

describe('shouldReload', () => {
  it('should reload when the server version is newer and no reload was made', () => {
    expect(
      shouldReload({ serverVersion: '3.24.0', buildVersion: '3.23.8', reloadedFor: null }),
    ).toBe(true);
  });

  it('should not reload when the server version is the same as the build', () => {
    expect(
      shouldReload({ serverVersion: '3.23.8', buildVersion: '3.23.8', reloadedFor: null }),
    ).toBe(false);
  });

  it('should not reload when the server version is older than the build', () => {
    expect(
      shouldReload({ serverVersion: '3.23.7', buildVersion: '3.23.8', reloadedFor: null }),
    ).toBe(false);
  });

  it('should not reload again when a reload was already made for that version', () => {
    expect(
      shouldReload({ serverVersion: '99.0.0', buildVersion: '3.23.8', reloadedFor: '99.0.0' }),
    ).toBe(false);
  });

  it('should reload when the server moved on past the version last reloaded for', () => {
    expect(
      shouldReload({ serverVersion: '3.25.0', buildVersion: '3.23.8', reloadedFor: '3.24.0' }),
    ).toBe(true);
  });

  it('should not reload when the server version is unparsable', () => {
    expect(
      shouldReload({ serverVersion: 'latest', buildVersion: '3.23.8', reloadedFor: null }),
    ).toBe(false);
  });
});
