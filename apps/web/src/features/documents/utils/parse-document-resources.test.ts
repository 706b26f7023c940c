import { describe, expect, it } from 'vitest';
import { MalformedResourceListError, parseDocumentResources } from './parse-document-resources';

const APP = 'https://smt.example';
const SHIPPED = `${APP}/api/documents/resources.json`;
const BUCKET = 'https://storage.example.com/smt/resources.json';

describe('parseDocumentResources', () => {
  it('should read relative links against the list and open app pages in the app', () => {
    const links = parseDocumentResources(
      [
        { id: 'ON_BOARDING', name: 'Getting started', url: '/smtapp/guides/onboarding.html' },
        { id: 'CONTACT_US', name: 'Contact us', url: '/smtapp/support' },
      ],
      SHIPPED,
      APP,
    );
    expect(links).toEqual([
      {
        id: 'ON_BOARDING',
        name: 'Getting started',
        href: `${APP}/smtapp/guides/onboarding.html`,
        kind: 'external',
      },
      { id: 'CONTACT_US', name: 'Contact us', href: '/support', kind: 'app' },
    ]);
  });

  it("should read a bucket's neighbour files against the bucket, not the app", () => {
    const [guide] = parseDocumentResources(
      [{ id: 'USER_GUIDE', name: 'User guide', url: 'guide.pdf' }],
      BUCKET,
      APP,
    );
    expect(guide?.href).toBe('https://storage.example.com/smt/guide.pdf');
    expect(guide?.kind).toBe('external');
  });

  it('should keep mail and phone links as contacts', () => {
    const links = parseDocumentResources(
      [
        { id: 'CONTACT_US', name: 'Write', url: 'mailto:help@smt.travel' },
        { id: 'CALL', name: 'Call', url: 'tel:+97230000000' },
      ],
      BUCKET,
      APP,
    );
    expect(links.map((link) => link.kind)).toEqual(['contact', 'contact']);
  });

  it('should accept an empty list', () => {
    expect(parseDocumentResources([], BUCKET, APP)).toEqual([]);
  });

  it.each([
    ['an object instead of a list', { items: [] }],
    ['an entry without a url', [{ id: 'USER_GUIDE', name: 'User guide' }]],
    ['an entry with a blank name', [{ id: 'USER_GUIDE', name: '  ', url: 'a.pdf' }]],
    ['a number for an id', [{ id: 7, name: 'Seven', url: 'a.pdf' }]],
    ['a script link', [{ id: 'X', name: 'X', url: 'javascript:alert(1)' }]],
    ['a data link', [{ id: 'X', name: 'X', url: 'data:text/html,<b>x</b>' }]],
    ['text', 'not a list'],
    ['nothing', null],
  ])('should call the list malformed when it holds %s', (_, raw) => {
    expect(() => parseDocumentResources(raw, BUCKET, APP)).toThrow(MalformedResourceListError);
  });
});
