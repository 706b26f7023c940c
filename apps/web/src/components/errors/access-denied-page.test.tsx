import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageAccessDenied } from '@/components/errors/access-denied-page';
import { renderScreen } from '@/testing/render';

describe('PageAccessDenied', () => {
  it('should say the page is not permitted and give the support contacts when rendered', () => {
    renderScreen(
      <PageAccessDenied
        supportEmail="support@example.test"
        supportPhones={['+972 3 555 0100', '+972 3 555 0101']}
      />,
    );

    expect(
      screen.getByRole('heading', { name: 'You do not have permission to access this page' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@example.test' }).getAttribute('href')).toBe(
      'mailto:support@example.test',
    );
    expect(screen.getByRole('link', { name: '+972 3 555 0100' }).getAttribute('href')).toBe(
      'tel:+97235550100',
    );
    expect(screen.getByRole('link', { name: '+972 3 555 0101' }).getAttribute('href')).toBe(
      'tel:+97235550101',
    );
    expect(screen.getByText(/Contact support/).textContent).toBe(
      'Contact support: support@example.test, +972 3 555 0100, +972 3 555 0101',
    );
  });
});
