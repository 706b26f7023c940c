import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { SupportPage } from './support-page';

function renderSupport(phones: string[] = ['+972-3-555-0100', '+1 (800) 555-0199']) {
  return renderScreen(
    <SupportPage
      email="help@agency.example"
      phones={phones}
      feedbackUrl="https://forms.example/feedback"
      helpPath="/help"
      documentsPath="/documents"
    />,
  );
}

describe('SupportPage', () => {
  it('should offer the configured e-mail and every phone as links that open mail and dialler', () => {
    renderSupport();

    expect(screen.getByRole('link', { name: 'help@agency.example' }).getAttribute('href')).toBe(
      'mailto:help@agency.example',
    );
    const phone = within(screen.getByRole('region', { name: 'Phone' }));
    expect(phone.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'tel:+97235550100',
      'tel:+18005550199',
    ]);
  });

  it('should open the configured feedback form in a new tab', () => {
    renderSupport();

    const feedback = screen.getByRole('link', { name: /Send feedback/ });
    expect(feedback.getAttribute('href')).toBe('https://forms.example/feedback');
    expect(feedback.getAttribute('target')).toBe('_blank');
    expect(feedback.getAttribute('rel')).toContain('noopener');
  });

  it('should leave the phone card out when no phone is configured', () => {
    renderSupport([]);

    expect(screen.queryByRole('region', { name: 'Phone' })).toBeNull();
    expect(screen.getByRole('region', { name: 'E-mail' })).toBeTruthy();
  });

  it('should link to help and documents', () => {
    renderSupport();

    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
    expect(screen.getByRole('link', { name: 'Documents' }).getAttribute('href')).toBe('/documents');
  });
});
