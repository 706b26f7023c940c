import { describe, expect, it } from 'vitest';
import { keyBytes } from './push-browser';

describe('keyBytes', () => {
  it('should decode base64url without padding into the key bytes', () => {
    // 0xfb 0xff 0xfe is '-__-' in base64url and '+//+' in base64.
    expect(Array.from(keyBytes('-__-'))).toEqual([0xfb, 0xff, 0xfe]);
    expect(Array.from(keyBytes('AQI'))).toEqual([1, 2]);
  });
});
