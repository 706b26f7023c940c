import { FIRST_SCREEN_SLOTS, PUBLIC_CONFIG_ELEMENT_ID, type ClientConfig } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import {
  documentEncodingFor,
  documentWithConfig,
  shellWithPreloads,
} from '@/plugins/spa-documents';

const CONFIG: ClientConfig = {
  environment: 'production',
  termsUrl: 'https://agency.example/terms?a=1&b="2"',
  privacyUrl: 'https://agency.example/privacy',
  feedbackUrl: 'https://agency.example/feedback',
  supportEmail: 'help@agency.example',
  supportPhones: ['</script><script>alert(1)</script>'],
  sessionDurationMinutes: 30,
  keepLoggedInDays: 30,
};

describe('documentWithConfig', () => {
  const html = `<html><head><title>SMT</title></head><body><a href="${FIRST_SCREEN_SLOTS.termsUrl}">T</a><a href="${FIRST_SCREEN_SLOTS.privacyUrl}">P</a></body></html>`;

  it('should put the settings in a JSON element at the end of the head that no value can close', () => {
    const written = documentWithConfig(html, CONFIG);
    const element = new RegExp(
      `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script></head>`,
    ).exec(written);
    expect(element).not.toBeNull();
    expect(element![1]).not.toContain('<');
    expect(JSON.parse(element![1]!)).toEqual(CONFIG);
    expect(written.match(/<script/g)).toHaveLength(1);
  });

  it('should write the links into their slots, escaped for an attribute', () => {
    const written = documentWithConfig(html, CONFIG);
    expect(written).toContain('href="https://agency.example/terms?a=1&amp;b=&quot;2&quot;"');
    expect(written).toContain('href="https://agency.example/privacy"');
    expect(written).not.toContain('%SMT_');
  });
});

describe('shellWithPreloads', () => {
  it('should name each script as a module preload at the end of the head', () => {
    const html = shellWithPreloads('<html><head><title>SMT</title></head><body></body></html>', [
      '/smtapp/assets/a-1.js',
      '/smtapp/assets/b-2.js',
    ]);
    expect(html).toBe(
      '<html><head><title>SMT</title>' +
        '<link rel="modulepreload" crossorigin href="/smtapp/assets/a-1.js">' +
        '<link rel="modulepreload" crossorigin href="/smtapp/assets/b-2.js">' +
        '</head><body></body></html>',
    );
  });

  it('should leave a document without a head, or a route without scripts, as it is', () => {
    expect(shellWithPreloads('<div></div>', ['/smtapp/assets/a-1.js'])).toBe('<div></div>');
    expect(shellWithPreloads('<head></head>', [])).toBe('<head></head>');
  });
});

describe('documentEncodingFor', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['identity', null],
    ['gzip;q=0.0', null],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    [undefined, null],
  ])('should answer %s with %s', (accept, encoding) => {
    expect(documentEncodingFor(accept)).toBe(encoding);
  });
});
