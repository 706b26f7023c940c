import { theme } from '@/lib/theme';
import { describe, expect, it } from 'vitest';
import { designPreviewDocument, sanitisedDesignHtml } from './design-preview-document';

describe('designPreviewDocument', () => {
  it('should keep plain markup and drop scripts, event handlers and javascript: links', () => {
    const html = sanitisedDesignHtml(
      '<h1>Hi</h1><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">Go</a><style>body{display:none}</style>',
    );
    expect(html).toBe('<h1>Hi</h1><img src="x"><a>Go</a>');
  });

  it("should show the page's default header when the header is empty or nothing safe is left", () => {
    for (const header of ['', '  ', '<script>alert(1)</script>']) {
      const document = designPreviewDocument(header, '', theme);
      expect(document).toContain('<header class="default"><h1>Your reservation</h1></header>');
      expect(document).not.toContain('<footer>');
    }
  });

  it('should put the sanitised header and footer around the message and forbid script', () => {
    const document = designPreviewDocument('<b>Top</b>', '<i onclick="x()">Bottom</i>', theme);
    expect(document).toContain('<header><b>Top</b></header>');
    expect(document).toContain('<footer><i>Bottom</i></footer>');
    expect(document).toContain("default-src 'none'");
    expect(document).not.toMatch(/onclick|<script/);
  });
});
