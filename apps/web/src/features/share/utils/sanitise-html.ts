import { DESIGN_HTML_SANITISE } from '@smt/shared';
import DOMPurify from 'dompurify';

/** HTML that went through `sanitiseHtml`: the only kind the page renders. */
export type SafeHtml = string & { readonly __brand: 'SafeHtml' };

/**
 * An agency's header or footer HTML made safe to render; null when nothing is left of it.
 * The server sanitised it on save with the same settings; this is the second line.
 */
export function sanitiseHtml(html: string | null): SafeHtml | null {
  if (!html) return null;
  const safe = DOMPurify.sanitize(html, DESIGN_HTML_SANITISE).trim();
  return safe === '' ? null : (safe as SafeHtml);
}
