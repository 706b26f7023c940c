import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from './sanitise-html';

describe('sanitiseHtml', () => {
  it('should drop scripts and event handlers when the HTML carries them', () => {
    const safe = sanitiseHtml(
      '<b>Demo Travel</b><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
    );
    expect(safe).toContain('<b>Demo Travel</b>');
    expect(safe).not.toContain('script');
    expect(safe).not.toContain('onerror');
    expect(safe).not.toContain('javascript:');
  });

  it('should drop style sheets and forms when the HTML carries them', () => {
    const safe = sanitiseHtml(
      '<style>body{display:none}</style><form><input name="card"></form><p style="color: red">Hi</p>',
    );
    expect(safe).toBe('<p style="color: red">Hi</p>');
  });

  it('should give nothing when no HTML is left', () => {
    expect(sanitiseHtml(null)).toBeNull();
    expect(sanitiseHtml('')).toBeNull();
    expect(sanitiseHtml('<script>alert(1)</script> ')).toBeNull();
  });
});
