import { APP_BASE_PATH, DocumentResourceList } from '@smt/shared';

/** How a document's link opens: a page of this app, a mail or call, or a new tab. */
export type DocumentLinkKind = 'app' | 'contact' | 'external';

export type DocumentLink = {
  id: string;
  name: string;
  /** Absolute; for an app page, the path under the base path the router takes. */
  href: string;
  kind: DocumentLinkKind;
};

/** resources.json was fetched but is not a list of { id, name, url } with usable links. */
export class MalformedResourceListError extends Error {
  override readonly name = 'MalformedResourceListError';
}

const CONTACT_PROTOCOLS = ['mailto:', 'tel:'];
const WEB_PROTOCOLS = ['http:', 'https:'];

function linkOf(url: URL, appOrigin: string): Pick<DocumentLink, 'href' | 'kind'> {
  if (CONTACT_PROTOCOLS.includes(url.protocol)) return { href: url.href, kind: 'contact' };
  if (!WEB_PROTOCOLS.includes(url.protocol)) {
    // javascript: and data: links would run in our page.
    throw new MalformedResourceListError(`Unsupported link ${url.protocol}`);
  }
  const lastSegment = url.pathname.split('/').pop() ?? '';
  const inApp =
    url.origin === appOrigin &&
    url.pathname.startsWith(`${APP_BASE_PATH}/`) &&
    !lastSegment.includes('.');
  if (inApp) {
    return { href: `${url.pathname.slice(APP_BASE_PATH.length)}${url.search}`, kind: 'app' };
  }
  return { href: url.href, kind: 'external' };
}

/**
 * The list as fetched from `listUrl`, checked entry by entry: links are read against the list's
 * own address (a storage file may name its neighbours), and a list that does not hold is an
 * error to show, never a page that breaks.
 */
export function parseDocumentResources(
  raw: unknown,
  listUrl: string,
  appOrigin: string,
): DocumentLink[] {
  const parsed = DocumentResourceList.safeParse(raw);
  if (!parsed.success) throw new MalformedResourceListError(parsed.error.message);
  return parsed.data.map((item) => {
    let url: URL;
    try {
      url = new URL(item.url, listUrl);
    } catch {
      throw new MalformedResourceListError(`Unreadable link of ${item.id}`);
    }
    return { id: item.id, name: item.name, ...linkOf(url, appOrigin) };
  });
}
