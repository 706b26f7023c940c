const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * JSON safe inside a `<script type="application/json">` element: no `<` can close it or open
 * a comment, and JSON.parse reads `\u003c` back as `<`.
 */
export const jsonForScriptElement = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c');
