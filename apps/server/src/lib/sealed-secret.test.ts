import { describe, expect, it } from 'vitest';
import { openSecret, sealingKeyOf, sealSecret } from './sealed-secret';

const key = sealingKeyOf('a server secret of thirty-two characters or more');
const token = 'duffel_test_abcdefghijklmnopqrstuvwxyz0123456789';

describe('sealed secrets', () => {
  it('should open what it sealed, and never show the secret in the sealed text', () => {
    const sealed = sealSecret(key, token, 'agency:7');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('duffel_test');
    expect(openSecret(key, sealed, 'agency:7')).toBe(token);
  });

  it('should seal the same secret differently each time', () => {
    expect(sealSecret(key, token, 'agency:7')).not.toBe(sealSecret(key, token, 'agency:7'));
  });

  it('should not open for another context, another key, or an altered value', () => {
    const sealed = sealSecret(key, token, 'agency:7');
    expect(openSecret(key, sealed, 'agency:8')).toBeNull();
    expect(
      openSecret(sealingKeyOf('another server secret of thirty-two chars'), sealed, 'agency:7'),
    ).toBeNull();
    // A character in the middle carries whole bits of the ciphertext (the last may be padding).
    const at = Math.floor(sealed.length / 2);
    const altered = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(openSecret(key, altered, 'agency:7')).toBeNull();
    expect(openSecret(key, 'v2.abc', 'agency:7')).toBeNull();
    expect(openSecret(key, 'v1.', 'agency:7')).toBeNull();
  });

  it('should derive a sealing key that is not the server secret itself', () => {
    expect(key).toHaveLength(32);
    expect(key.toString('utf8')).not.toContain('a server secret');
  });
});
