import { getContrastRatio } from '@mui/material/styles';
import { GROUP_COLOUR } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { textOnColour, theme } from './theme';

describe('theme', () => {
  it.each(Object.entries(GROUP_COLOUR))(
    "should write on the %s group's colour in a text colour that reads at 4.5:1 or more",
    (_group, colour) => {
      const text = textOnColour(colour);

      expect(getContrastRatio(colour, text)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("should write on ADM's pink in opaque black, which reads at 4.8:1 where MUI's 87% black renders at 4.47:1", () => {
    expect(textOnColour(GROUP_COLOUR.ADM)).toBe('#000');
    expect(getContrastRatio(GROUP_COLOUR.ADM, '#1e040d')).toBeLessThan(4.5);
  });

  it.each(['primary', 'success', 'error'] as const)(
    'should keep white text on the %s colour',
    (name) => {
      expect(theme.palette[name].contrastText).toBe('#fff');
    },
  );
});
