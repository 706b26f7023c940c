import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './meta';

describe('isNewerVersion', () => {
  it('should compare major, minor and patch as numbers', () => {
    expect(isNewerVersion('3.23.9', '3.23.8')).toBe(true);
    expect(isNewerVersion('3.24.0', '3.23.8')).toBe(true);
    expect(isNewerVersion('10.0.0', '9.99.99')).toBe(true);
    expect(isNewerVersion('3.23.8', '3.23.8')).toBe(false);
    expect(isNewerVersion('3.9.0', '3.23.8')).toBe(false);
  });

  it('should never call an unparsable version newer', () => {
    expect(isNewerVersion('latest', '3.23.8')).toBe(false);
    expect(isNewerVersion('3.23', '3.23.8')).toBe(false);
  });
});
