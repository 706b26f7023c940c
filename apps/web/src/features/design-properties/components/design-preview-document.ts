import type { Theme } from '@mui/material/styles';
import { DESIGN_HTML_SANITISE, uiTexts } from '@smt/shared';
import DOMPurify from 'dompurify';
import { designPropertiesTexts as texts } from './design-properties-texts';

/** HTML as the share page would render it: sanitised the same way, null when nothing is left. */
export function sanitisedDesignHtml(html: string): string | null {
  const safe = DOMPurify.sanitize(html, DESIGN_HTML_SANITISE).trim();
  return safe === '' ? null : safe;
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The document the preview frame shows: the public page's header (the agency's, else the
 * default 'Your reservation'), a stand-in for its message, and the footer if there is one.
 * The frame is sandboxed without scripts and the document forbids them again in its own CSP.
 */
export function designPreviewDocument(header: string, footer: string, theme: Theme): string {
  const safeHeader = sanitisedDesignHtml(header);
  const safeFooter = sanitisedDesignHtml(footer);
  const { palette, typography } = theme;
  const space = theme.spacing(2);
  const headerHtml =
    safeHeader === null
      ? `<header class="default"><h1>${escapeText(uiTexts.defaultShareHeader)}</h1></header>`
      : `<header>${safeHeader}</header>`;
  const footerHtml = safeFooter === null ? '' : `<footer>${safeFooter}</footer>`;
  return `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src * data: blob:; style-src 'unsafe-inline'">
<style>
  body { margin: 0; font-family: ${typography.fontFamily ?? 'sans-serif'}; color: ${palette.text.primary}; background: ${palette.background.default}; overflow-wrap: anywhere; }
  header, footer { background: ${palette.background.paper}; padding: ${space}; }
  header { border-bottom: 1px solid ${palette.divider}; }
  footer { border-top: 1px solid ${palette.divider}; }
  header.default { background: ${palette.primary.main}; color: ${palette.primary.contrastText}; border: 0; }
  header.default h1 { margin: 0; font-size: 1.5rem; font-weight: 400; }
  main { padding: ${space}; color: ${palette.text.secondary}; }
  img { max-width: 100%; height: auto; }
</style></head>
<body>${headerHtml}<main><p>${escapeText(texts.previewContent)}</p></main>${footerHtml}</body></html>`;
}
