import DOMPurify from 'dompurify';

/** HTML that went through `sanitiseHtml`: the only kind the page renders. */
export type SafeHtml = string & { readonly __brand: 'SafeHtml' };

// Beyond DOMPurify's defaults (no scripts, no event handlers, no javascript: links): HTML only,
// no <style> that could restyle or hide the page around it, and no form that could ask a
// traveller for anything.
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option'];

/** An agency's header or footer HTML made safe to render; null when nothing is left of it. */
export function sanitiseHtml(html: string | null): SafeHtml | null {
  if (!html) return null;
  const safe = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS }).trim();
  return safe === '' ? null : (safe as SafeHtml);
}
