import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages, uiTexts } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';
import { DocumentsPage } from './documents-page';

const SOURCE = 'GET /api/documents/source';
const LIST = 'GET /api/documents/resources.json';
const source = { body: { resourcesUrl: '/api/documents/resources.json' } };

const FULL_LIST = [
  { id: 'ON_BOARDING', name: 'Getting started', url: '/smtapp/guides/onboarding.html' },
  { id: 'USER_GUIDE', name: 'User guide', url: '/smtapp/guides/user-guide.html' },
  { id: 'TRAINING_VIDEO_EN', name: 'Training video', url: 'https://video.example/en' },
  { id: 'TRAINING_VIDEO_HE', name: 'סרטון הדרכה', url: 'https://video.example/he' },
  { id: 'CONTACT_US', name: 'Contact us', url: '/smtapp/support' },
  { id: 'PRICE_LIST', name: 'Price list', url: 'https://files.example/prices.pdf' },
];

const cards = () => within(screen.getByRole('list', { name: 'Documents' })).getAllByRole('link');

describe('DocumentsPage', () => {
  it('should show a card with name, link and icon for every document', async () => {
    stubApi({ [SOURCE]: source, [LIST]: { body: FULL_LIST } });
    renderWithApp(<DocumentsPage />);

    await waitFor(() => expect(cards()).toHaveLength(6));
    const guide = screen.getByRole('link', { name: /User guide/ });
    expect(guide.getAttribute('href')).toBe(
      `${window.location.origin}/smtapp/guides/user-guide.html`,
    );
    expect(guide.getAttribute('target')).toBe('_blank');
    // The name is the link's text; no raw address is shown.
    expect(guide.textContent).toContain('User guide');
    for (const card of cards())
      expect(card.textContent).not.toMatch(/\/smtapp|https?:|\.example\//);
    expect(screen.getByRole('link', { name: /Training video/ }).textContent).toContain(
      'video.example',
    );
    // The support page opens inside the app.
    const contact = screen.getByRole('link', { name: /Contact us/ });
    expect(contact.getAttribute('href')).toBe('/support');
    expect(contact.textContent).toContain('In SMT');
    const icons = cards().map((card) =>
      card.querySelector('[data-document-icon]')?.getAttribute('data-document-icon'),
    );
    expect(icons).toEqual([
      'ON_BOARDING',
      'USER_GUIDE',
      'TRAINING_VIDEO_EN',
      'TRAINING_VIDEO_HE',
      'CONTACT_US',
      'OTHER',
    ]);
  });

  it('should read the list where the server says it is', async () => {
    const calls = stubApi({
      [SOURCE]: { body: { resourcesUrl: 'https://storage.example.com/smt/resources.json' } },
      'GET /smt/resources.json': { body: [{ id: 'USER_GUIDE', name: 'Guide', url: 'guide.pdf' }] },
    });
    renderWithApp(<DocumentsPage />);

    const link = await screen.findByRole('link', { name: /Guide/ });
    expect(link.getAttribute('href')).toBe('https://storage.example.com/smt/guide.pdf');
    expect(calls.at(-1)?.headers.get('SA-REGID')).toBeNull();
  });

  it('should show the loading state until the list arrives', () => {
    stubApi({ [SOURCE]: source, [LIST]: { body: FULL_LIST } });
    renderWithApp(<DocumentsPage />);

    expect(screen.getByRole('status', { name: 'Loading documents' })).toBeTruthy();
  });

  it("should say 'No data available' when the list is empty", async () => {
    stubApi({ [SOURCE]: source, [LIST]: { body: [] } });
    renderWithApp(<DocumentsPage />);

    expect(await screen.findByText(uiTexts.noDataAvailable)).toBeTruthy();
  });

  it('should show the generic error, not break, when the list is malformed', async () => {
    stubApi({ [SOURCE]: source, [LIST]: { body: { documents: 'soon' } } });
    renderWithApp(<DocumentsPage />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(errorMessages.genericTitle);
    expect(alert.textContent).toContain(errorMessages.genericText);
  });

  it('should try again and show the documents when the list comes back', async () => {
    let failing = true;
    stubApi({
      [SOURCE]: source,
      [LIST]: () =>
        failing
          ? { status: 503, body: { code: 'INTERNAL', message: 'down' } }
          : { body: FULL_LIST.slice(0, 1) },
    });
    renderWithApp(<DocumentsPage />);

    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    failing = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('link', { name: /Getting started/ })).toBeTruthy();
  });

  it('should show the generic error when the server does not say where the list is', async () => {
    stubApi({ [SOURCE]: { status: 500, body: { code: 'INTERNAL', message: 'x' } } });
    renderWithApp(<DocumentsPage />);

    expect(
      await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
