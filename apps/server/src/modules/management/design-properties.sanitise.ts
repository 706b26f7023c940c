import { DESIGN_HTML_SANITISE } from '@smt/shared';
import type { DOMPurify } from 'dompurify';

// DOMPurify needs a DOM; jsdom gives it one. Both load on the first save, so neither the API's
// start nor the engine's workers pay for them.
let purifier: Promise<DOMPurify> | undefined;

async function loadPurifier(): Promise<DOMPurify> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([
    import('dompurify'),
    import('jsdom'),
  ]);
  return createDOMPurify(new JSDOM('').window);
}

/**
 * An agency's header or footer HTML as it may be stored: no script, no event handler, no
 * javascript: link, nothing but plain markup. Null when nothing is left of it.
 */
export async function sanitiseDesignHtml(html: string): Promise<string | null> {
  purifier ??= loadPurifier().catch((error: unknown) => {
    purifier = undefined;
    throw error;
  });
  const safe = (await purifier).sanitize(html, DESIGN_HTML_SANITISE).trim();
  return safe === '' ? null : safe;
}
