import { screen, within } from '@testing-library/react';
import { GROUP_COLOUR, GROUP_LABEL, PANEL_GROUPS } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { HelpPage } from './help-page';

function renderHelp() {
  return renderScreen(<HelpPage documentsPath="/documents" supportPath="/support" />);
}

/** jsdom answers computed colours as rgb(); the theme holds them as hex. */
const rgbOf = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

describe('HelpPage', () => {
  it('should explain the five groups in the SPEC order, each in its colour', () => {
    renderHelp();

    const groups = screen.getByRole('region', { name: 'Notification groups' });
    const terms = within(groups).getAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual(
      PANEL_GROUPS.map((group) => GROUP_LABEL[group]),
    );
    for (const group of PANEL_GROUPS) {
      const dot = groups.querySelector(`[data-group="${group}"]`);
      expect(dot && getComputedStyle(dot).backgroundColor).toBe(rgbOf(GROUP_COLOUR[group]));
    }
  });

  it('should say what each action does', () => {
    renderHelp();

    const actions = screen.getByRole('region', { name: 'What each action does' });
    expect(
      within(actions)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      'Approve / Confirm',
      'Reprice',
      'Cancel PNR',
      'Keep repricing / Keep alerting',
      'Delete',
      'Share',
    ]);
    for (const definition of within(actions).getAllByRole('definition')) {
      expect(definition.textContent?.length).toBeGreaterThan(40);
    }
  });

  it('should link to the documents and support pages', () => {
    renderHelp();

    expect(screen.getByRole('link', { name: 'Open Documents' }).getAttribute('href')).toBe(
      '/documents',
    );
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/support',
    );
  });
});
