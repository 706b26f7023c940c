import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { useDashboardSearchParams } from '@/features/dashboard/hooks/use-dashboard-search-params';
import { renderWithApp } from '@/testing/render-app';
import {
  callsTo,
  catchSavedFiles,
  DETAILED_ANSWERS,
  MONTHLY_STAT,
  stubDashboardServer,
} from './dashboard-test-server';

vi.mock('react-chartjs-2', () => import('./charts/chart-test-double'));

const LOADED = { timeout: 5000 };

type HarnessProps = { superUser: boolean; subscriptionAgencies: readonly number[] };

/** The page as the route composes it, with the query string shown to assert on. */
function Harness({ superUser, subscriptionAgencies }: HarnessProps) {
  const search = useDashboardSearchParams();
  const { search: queryString } = useLocation();
  return (
    <>
      <DashboardPage
        search={search}
        scope={{ type: 'Agency', ids: [3] }}
        superUser={superUser}
        organisationFilter={<div>Organisation menus</div>}
        subscriptionAgencies={subscriptionAgencies}
      />
      <output data-testid="query-string">{queryString}</output>
    </>
  );
}

function renderPage(
  path = '/dashboard',
  { superUser = false, subscriptionAgencies = [] as readonly number[] } = {},
) {
  const sent = stubDashboardServer({
    ...DETAILED_ANSWERS,
    monthlyStat: { body: MONTHLY_STAT },
    agentSubscriptionsCsv: { file: 'subs.csv' },
  });
  renderWithApp(
    <Harness superUser={superUser} subscriptionAgencies={subscriptionAgencies} />,
    path,
  );
  return sent;
}

const queryString = () => new URLSearchParams(screen.getByTestId('query-string').textContent ?? '');

const dayField = (label: string) => screen.getByRole('group', { name: label });
/** What a date field shows; the picker keeps its text in a hidden input. */
const shownDay = (label: string) =>
  (dayField(label).querySelector('input') as HTMLInputElement).value;
/** Enters a 'yyyy-MM-dd' day as a person writes it, dd/MM/yyyy, all at once as autofill does. */
const setDate = (label: string, day: string) =>
  fireEvent.change(dayField(label).querySelector('input') as HTMLInputElement, {
    target: { value: day.split('-').reverse().join('/') },
  });

const sentFrom = (sent: ReturnType<typeof renderPage>) =>
  callsTo(sent, 'potentialVsActual').map((call) => call.query.get('notificationDateFrom'));

async function loaded() {
  const region = await screen.findByRole('region', { name: 'Potential vs Actual saving' });
  await within(region).findByTestId('bar-chart', {}, LOADED);
}

describe('DashboardPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 15, 10, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should open on the detailed view of this month so far when the query string is empty', async () => {
    const sent = renderPage();
    await loaded();

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Detailed' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(shownDay('Notification date from')).toBe('01/06/2026');
    expect(shownDay('Notification date to')).toBe('15/06/2026');
    expect(screen.getByText('Organisation menus')).toBeTruthy();
    const query = callsTo(sent, 'potentialVsActual')[0]?.query;
    expect(query?.get('type')).toBe('Agency');
    expect(query?.get('id')).toBe('3');
    expect(query?.get('notificationDateTo')).toBe('2026-06-15');
  });

  it('should show and send the filter the query string holds when the page opens', async () => {
    const sent = renderPage(
      '/dashboard?nf=2026-05-01&nt=2026-05-31&dt=DEPARTURE&from=2026-07-01&to=2026-07-31',
    );
    await loaded();

    expect(shownDay('Notification date from')).toBe('01/05/2026');
    // The more filters are open because they are in use.
    expect(screen.getByRole('combobox', { name: 'Date type' }).textContent).toBe(
      'PNR Departure Date',
    );
    expect(shownDay('From')).toBe('01/07/2026');
    const query = callsTo(sent, 'potentialVsActual')[0]?.query;
    expect(query?.get('dateFilter')).toBe('DEPARTURE');
    expect(query?.get('from')).toBe('2026-07-01');
    expect(query?.get('to')).toBe('2026-07-31');
  });

  it('should keep the filter in the query string when the view switches to Monthly', async () => {
    renderPage('/dashboard?nf=2026-05-01&nt=2026-05-31&org=a3');
    await loaded();

    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));

    expect(Object.fromEntries(queryString())).toEqual({
      nf: '2026-05-01',
      nt: '2026-05-31',
      org: 'a3',
      view: 'monthly',
    });
    expect(await screen.findByRole('heading', { name: 'May 2026' }, LOADED)).toBeTruthy();
    // The overview has its own window: no date fields.
    expect(screen.queryByLabelText('Notification date from')).toBeNull();
  });

  it('should write a changed date into the query string and chart it', async () => {
    const sent = renderPage();
    await loaded();

    setDate('Notification date from', '2026-05-10');

    expect(queryString().get('nf')).toBe('2026-05-10');
    expect(queryString().get('nt')).toBe('2026-06-15');
    await vi.waitFor(() => expect(sentFrom(sent)).toContain('2026-05-10'));
  });

  it('should refuse a range past 6 months for a manager and not send it', async () => {
    const sent = renderPage();
    await loaded();

    setDate('Notification date from', '2025-12-14');

    expect(dayField('Notification date from').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The date cannot be more than 6 months back')).toBeTruthy();
    expect(sentFrom(sent)).toEqual(['2026-06-01']);
    // The calendar offers nothing before the window either.
    await userEvent.click(
      within(dayField('Notification date from')).getByRole('button', { name: /Choose date/ }),
    );
    const december = await screen.findByRole('grid');
    expect(within(december).getByRole('gridcell', { name: '14' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(within(december).getByRole('gridcell', { name: '15' }).hasAttribute('disabled')).toBe(
      false,
    );
    // The charts stay as they were.
    expect(screen.getByRole('region', { name: 'Potential vs Actual saving' })).toBeTruthy();
  });

  it('should accept a range 36 months back for a super user and send it', async () => {
    const sent = renderPage('/dashboard', { superUser: true });
    await loaded();

    setDate('Notification date from', '2023-06-15');

    expect(screen.queryByText(/months back/)).toBeNull();
    await vi.waitFor(() => expect(sentFrom(sent)).toContain('2023-06-15'));
  });

  it('should refuse a range past 36 months for a super user', async () => {
    const sent = renderPage('/dashboard', { superUser: true });
    await loaded();

    setDate('Notification date from', '2023-06-14');

    expect(screen.getByText('The date cannot be more than 36 months back')).toBeTruthy();
    expect(sentFrom(sent)).toEqual(['2026-06-01']);
  });

  it('should refuse a notification date in the future', async () => {
    const sent = renderPage();
    await loaded();

    setDate('Notification date to', '2026-06-16');

    expect(screen.getByText('The date cannot be in the future')).toBeTruthy();
    expect(
      callsTo(sent, 'potentialVsActual').map((call) => call.query.get('notificationDateTo')),
    ).toEqual(['2026-06-15']);
  });

  it('should ask for both ends of the PNR range and send it once it has them', async () => {
    const sent = renderPage();
    await loaded();

    await userEvent.click(screen.getByRole('button', { name: 'Show more filters' }));
    setDate('From', '2026-07-01');

    expect(screen.getByText('Both dates of the range are required')).toBeTruthy();
    expect(callsTo(sent, 'potentialVsActual').some((call) => call.query.has('from'))).toBe(false);

    setDate('To', '2026-07-31');

    expect(screen.queryByText('Both dates of the range are required')).toBeNull();
    await vi.waitFor(() =>
      expect(callsTo(sent, 'potentialVsActual').at(-1)?.query.get('to')).toBe('2026-07-31'),
    );
  });

  it('should send the date type chosen under the more filters', async () => {
    const sent = renderPage();
    await loaded();

    await userEvent.click(screen.getByRole('button', { name: 'Show more filters' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Date type' }));
    await userEvent.click(screen.getByRole('option', { name: 'PNR Ticketing Date' }));

    expect(queryString().get('dt')).toBe('TICKETING');
    await vi.waitFor(() =>
      expect(callsTo(sent, 'potentialVsActual').at(-1)?.query.get('dateFilter')).toBe('TICKETING'),
    );
  });

  it('should download the subscription report of the selected agencies', async () => {
    const saved = catchSavedFiles();
    const sent = renderPage('/dashboard', { subscriptionAgencies: [3, 4] });

    await userEvent.click(screen.getByRole('button', { name: 'Subscription report' }));

    await vi.waitFor(() => expect(saved).toEqual(['subs.csv']));
    expect(callsTo(sent, 'agentSubscriptionsCsv')[0]?.query.getAll('agencies')).toEqual(['3', '4']);
  });

  it('should name no agency in the subscription report when all are selected', async () => {
    const saved = catchSavedFiles();
    const sent = renderPage('/dashboard', { subscriptionAgencies: [] });

    await userEvent.click(screen.getByRole('button', { name: 'Subscription report' }));

    await vi.waitFor(() => expect(saved).toEqual(['subs.csv']));
    expect(callsTo(sent, 'agentSubscriptionsCsv')[0]?.query.has('agencies')).toBe(false);
  });
});
