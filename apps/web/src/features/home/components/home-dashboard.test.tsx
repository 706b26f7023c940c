import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HomeData } from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { HomeDashboard } from '@/features/home/components/home-dashboard';
import { HOME_TEXTS } from '@/features/home/utils/home-texts';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';

const HOME: HomeData = {
  byGroup: [
    {
      group: 'REPRICE',
      new: 2,
      pending: 7,
      amount: 1234.99,
      amounts: [{ currency: 'USD', kind: 'cash', amount: 1234.99 }],
    },
    { group: 'ADM', new: 0, pending: 3, amount: 0, amounts: [] },
    { group: 'TICKETING_DUE', new: 1, pending: 4, amount: 0, amounts: [] },
    { group: 'RESCHEDULE', new: 0, pending: 0, amount: 0, amounts: [] },
    { group: 'WAITLIST', new: 3, pending: 5, amount: 0, amounts: [] },
  ],
  currency: 'USD',
};

const USER_STATS = 'GET /api/admin/stats/userNotifications';

describe('HomeDashboard', { timeout: 20_000 }, () => {
  it('should show each group with its counts and link to its pending list when loaded', async () => {
    stubApi({ [USER_STATS]: { body: HOME } });
    renderWithApp(<HomeDashboard source={{ kind: 'personal' }} />);

    const reprice = await screen.findByRole('link', {
      name: 'Reprice, 7 pending, 2 new, Reprice potential $1,234 cash',
    });
    expect(reprice.getAttribute('href')).toBe('/notifications/reprice/pending');
    expect(within(reprice).getByText('$1,234 cash')).toBeTruthy();
    expect(within(reprice).getByText('2 new')).toBeTruthy();

    const adm = screen.getByRole('link', { name: 'ADMs, 3 pending, 0 new' });
    expect(adm.getAttribute('href')).toBe('/notifications/cancelled/pending');
    expect(within(adm).getByText('3')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Ticketing Due, 4 pending, 1 new' }).getAttribute('href'),
    ).toBe('/notifications/ticketingdue/pending');
    expect(
      screen.getByRole('link', { name: 'Reschedule, 0 pending, 0 new' }).getAttribute('href'),
    ).toBe('/notifications/rescheduled/pending');
    expect(
      screen.getByRole('link', { name: 'Waitlist, 5 pending, 3 new' }).getAttribute('href'),
    ).toBe('/notifications/waitlist/pending');
  });

  it('should list the cards in panel order when the groups arrive in another order', async () => {
    stubApi({ [USER_STATS]: { body: { ...HOME, byGroup: [...HOME.byGroup].reverse() } } });
    renderWithApp(<HomeDashboard source={{ kind: 'personal' }} />);

    await screen.findByRole('link', { name: /^Reprice/ });
    const names = screen
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Total', 'Reprice', 'ADMs', 'Ticketing Due', 'Reschedule', 'Waitlist']);
  });

  it('should sum new and pending and show the floored potential in the summary', async () => {
    stubApi({ [USER_STATS]: { body: HOME } });
    renderWithApp(<HomeDashboard source={{ kind: 'personal' }} />);

    const summary = await screen.findByRole('region', { name: HOME_TEXTS.summary });
    const figures = within(summary)
      .getAllByRole('definition')
      .map((figure) => figure.textContent);
    expect(figures).toEqual(['6', '19', '$1,234 cash']);
  });

  it('should show the reprice potential of each currency and kind on its own line', async () => {
    const reprice = {
      group: 'REPRICE' as const,
      new: 1,
      pending: 2,
      amount: 136.04,
      amounts: [
        { currency: 'EUR', kind: 'cash' as const, amount: 136.04 },
        { currency: 'USD', kind: 'cash' as const, amount: 44.01 },
        { currency: 'USD', kind: 'credit' as const, amount: 300.5 },
      ],
    };
    stubApi({
      [USER_STATS]: {
        body: { ...HOME, byGroup: [reprice, ...HOME.byGroup.slice(1)], currency: 'EUR' },
      },
    });
    renderWithApp(<HomeDashboard source={{ kind: 'personal' }} />);

    // The USD credit is never added to the USD cash.
    const lines = ['€136 cash', '$44 cash', '$300 airline credit'];
    const summary = await screen.findByRole('region', { name: HOME_TEXTS.summary });
    const [, , potential] = within(summary).getAllByRole('definition');
    expect([...(potential?.children ?? [])].map((line) => line.textContent)).toEqual(lines);
    const card = screen.getByRole('link', {
      name: 'Reprice, 2 pending, 1 new, Reprice potential €136 cash · $44 cash · $300 airline credit',
    });
    for (const line of lines) expect(within(card).getByText(line)).toBeTruthy();
  });

  it('should chart pending per group and link the total card to the notifications', async () => {
    stubApi({ [USER_STATS]: { body: HOME } });
    renderWithApp(<HomeDashboard source={{ kind: 'personal' }} />);

    const total = await screen.findByRole('link', {
      name: 'Total, 19 pending, 6 new',
    });
    expect(total.getAttribute('href')).toBe('/notifications');
    const chart = within(total).getByRole('img', {
      name: 'Pending per group: Reprice 7, ADMs 3, Ticketing Due 4, Reschedule 0, Waitlist 5',
    });
    // A bar per group in the counts' order, the longest for the most pending.
    const bars = [...chart.querySelectorAll<HTMLElement>('[data-group]')].map((row) => [
      row.dataset.group,
      row.textContent,
      row.querySelector<HTMLElement>('[data-bar]')?.style.width,
    ]);
    expect(bars).toEqual([
      ['REPRICE', 'Reprice7', '100%'],
      ['ADM', 'ADMs3', `${(3 / 7) * 100}%`],
      ['TICKETING_DUE', 'Ticketing Due4', `${(4 / 7) * 100}%`],
      ['RESCHEDULE', 'Reschedule0', '0%'],
      ['WAITLIST', 'Waitlist5', `${(5 / 7) * 100}%`],
    ]);
  });

  it('should show skeletons when the counts are loading', async () => {
    stubApi({});
    vi.mocked(fetch).mockImplementation(() => new Promise(() => undefined));
    renderWithApp(<HomeDashboard source={{ kind: 'personal' }} />);

    expect(await screen.findByRole('status', { name: HOME_TEXTS.loading })).toBeTruthy();
  });

  it('should say no data available when every count is zero', async () => {
    const zero = HOME.byGroup.map((entry) => ({
      ...entry,
      new: 0,
      pending: 0,
      amount: 0,
      amounts: [],
    }));
    stubApi({ [USER_STATS]: { body: { byGroup: zero, currency: null } } });
    renderWithApp(<HomeDashboard source={{ kind: 'personal' }} />);

    expect(await screen.findByText('No data available')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('should show the generic error and load again when retried after a failure', async () => {
    let fail = true;
    stubApi({
      [USER_STATS]: () =>
        fail ? { status: 500, body: { code: 'INTERNAL', message: 'Boom' } } : { body: HOME },
    });
    renderWithApp(<HomeDashboard source={{ kind: 'personal' }} />);

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('Something has happened')).toBeTruthy();
    expect(within(alert).getByText('Please try again later')).toBeTruthy();

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: HOME_TEXTS.tryAgain }));

    expect(await screen.findByRole('link', { name: /^Reprice/ })).toBeTruthy();
  });

  it('should ask for the scope type and ids when the source is a scope', async () => {
    stubApi({ 'GET /api/admin/stats/allNotifications': { body: HOME } });
    renderWithApp(<HomeDashboard source={{ kind: 'all', type: 'Branch', ids: [11, 12] }} />);

    await screen.findByRole('link', { name: /^Reprice/ });
    const urls = vi.mocked(fetch).mock.calls.map(([input]) => input as string);
    expect(urls).toEqual(['/api/admin/stats/allNotifications?type=Branch&id=11&id=12']);
  });
});
