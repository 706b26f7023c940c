import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorScreen } from '@/components/errors/error-screen';
import { DEFAULT_FEEDBACK_URL } from '@/config/app-config';
import { renderScreen } from '@/testing/render';

describe('ErrorScreen', () => {
  it('should show the product texts when rendered', () => {
    renderScreen(<ErrorScreen />);

    expect(screen.getByRole('heading', { name: 'Oops, something went wrong' })).toBeTruthy();
    expect(
      screen.getByText('Please help us to resolve the issue and report your feedback'),
    ).toBeTruthy();
  });

  it('should open the default feedback form in a new tab when no url is given', () => {
    renderScreen(<ErrorScreen />);

    const report = screen.getByRole('link', { name: 'Report feedback' });
    expect(report.getAttribute('href')).toBe(DEFAULT_FEEDBACK_URL);
    expect(report.getAttribute('target')).toBe('_blank');
    expect(report.getAttribute('rel')).toContain('noopener');
  });

  it('should open the given feedback form when a url is configured', () => {
    renderScreen(<ErrorScreen feedbackUrl="https://example.test/form" />);

    const report = screen.getByRole('link', { name: 'Report feedback' });
    expect(report.getAttribute('href')).toBe('https://example.test/form');
  });
});
