import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DetailedView } from '@/features/dashboard/components/detailed-view';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { renderWithApp } from '@/testing/render-app';
import {
  callsTo,
  catchSavedFiles,
  DETAILED_ANSWERS,
  EMPTY_DETAILED_ANSWERS,
  FAILURE,
  SAVING_PERIODS,
  stubDashboardServer,
  type Handler,
} from './dashboard-test-server';

vi.mock('react-chartjs-2', () => import('./charts/chart-test-double'));

const REQUEST: DashboardRequest = {
  type: 'Branch',
  id: [7, 8],
  notificationDateFrom: '2026-06-01',
  notificationDateTo: '2026-06-15',
  dateFilter: 'DEPARTURE',
  from: '2026-07-01',
  to: '2026-07-31',
};

const LOADED = { timeout: 5000 };
// A failed call is tried once more before the card gives up.
const FAILED = { timeout: 8000 };

function renderView(answers: Partial<typeof DETAILED_ANSWERS> = {}) {
  const sent = stubDashboardServer({ ...DETAILED_ANSWERS, ...answers });
  renderWithApp(<DetailedView request={REQUEST} />);
  return sent;
}

const card = (title: string) => screen.getByRole('region', { name: title });

async function chartIn(title: string, kind: 'bar' | 'line' | 'pie' | 'doughnut') {
  return within(await screen.findByRole('region', { name: title }, LOADED)).findByTestId(
    `${kind}-chart`,
    {},
    LOADED,
  );
}

describe('DetailedView', { timeout: 30_000 }, () => {
  it('should send the scope and every filter to each call when it loads', async () => {
    const sent = renderView();

    await chartIn('Potential vs Actual saving', 'bar');
    const query = callsTo(sent, 'potentialVsActual')[0]?.query;
    expect(query?.getAll('id')).toEqual(['7', '8']);
    expect(Object.fromEntries(query ?? [])).toEqual({
      type: 'Branch',
      id: '8',
      notificationDateFrom: '2026-06-01',
      notificationDateTo: '2026-06-15',
      dateFilter: 'DEPARTURE',
      from: '2026-07-01',
      to: '2026-07-31',
    });
  });

  it('should bar the potential and actual saving rounded when they are answered', async () => {
    renderView();

    const chart = await chartIn('Potential vs Actual saving', 'bar');
    expect(chart.dataset.labels).toBe('Potential Saving|Actual Saving');
    expect(chart.dataset.series).toBe('Saving=1235|300');
    expect(chart.getAttribute('aria-label')).toBe(
      'Potential vs Actual saving: Potential Saving $1,235.00 cash, Actual Saving $300.00 cash',
    );
  });

  it('should draw each currency on its own when the savings are in several', async () => {
    const eur = {
      currency: 'EUR',
      kind: 'cash' as const,
      potential: 136.04,
      actual: 136.04,
      potentialCount: 1,
      actualCount: 1,
    };
    const usd = {
      currency: 'USD',
      kind: 'cash' as const,
      potential: 44.01,
      actual: 0,
      potentialCount: 1,
      actualCount: 0,
    };
    renderView({
      potentialVsActual: {
        body: { ...usd, potentialCount: 2, actualCount: 1, byCurrency: [eur, usd] },
      },
      savingPerAirline: {
        body: {
          items: [],
          currency: 'USD',
          byCurrency: [
            { currency: 'EUR', kind: 'cash', items: [{ airline: 'AZ', saving: 136.04 }] },
          ],
        },
      },
    });

    const region = await screen.findByRole('region', { name: 'Potential vs Actual saving' });
    const charts = await within(region).findAllByTestId('bar-chart', {}, LOADED);
    expect(charts.map((chart) => chart.getAttribute('aria-label'))).toEqual([
      'Potential vs Actual saving (EUR cash): Potential Saving €136.00 cash, Actual Saving €136.00 cash',
      'Potential vs Actual saving (USD cash): Potential Saving $44.00 cash, Actual Saving $0.00 cash',
    ]);
    expect(within(region).getByText('In EUR cash')).toBeTruthy();
    expect(within(region).getByText('In USD cash')).toBeTruthy();
    const airline = await chartIn('Actual Saving per Airline', 'pie');
    expect(airline.getAttribute('aria-label')).toContain('AZ €136.00 cash');
  });

  it('should draw cash and airline credit of one currency apart, never added up', async () => {
    const saving = (kind: 'cash' | 'credit', potential: number, actual: number) => ({
      currency: 'USD',
      kind,
      potential,
      actual,
      potentialCount: 1,
      actualCount: 1,
    });
    renderView({
      potentialVsActual: {
        body: {
          potential: 1200,
          actual: 1200,
          potentialCount: 2,
          actualCount: 2,
          currency: 'USD',
          byCurrency: [saving('cash', 1200, 1200), saving('credit', 300, 300)],
        },
      },
      savingPerAirline: {
        body: {
          items: [],
          currency: 'USD',
          byCurrency: [
            { currency: 'USD', kind: 'credit', items: [{ airline: 'LY', saving: 300 }] },
          ],
        },
      },
    });

    const region = await screen.findByRole('region', { name: 'Potential vs Actual saving' });
    const charts = await within(region).findAllByTestId('bar-chart', {}, LOADED);
    expect(charts.map((chart) => chart.getAttribute('aria-label'))).toEqual([
      'Potential vs Actual saving (USD cash): Potential Saving $1,200.00 cash, Actual Saving $1,200.00 cash',
      'Potential vs Actual saving (USD airline credit): Potential Saving $300.00 airline credit, Actual Saving $300.00 airline credit',
    ]);
    expect(within(region).getByText('In USD cash')).toBeTruthy();
    expect(within(region).getByText('In USD airline credit')).toBeTruthy();
    // Credit alone is still said to be credit.
    const airlines = card('Actual Saving per Airline');
    expect(await within(airlines).findByText('In USD airline credit', {}, LOADED)).toBeTruthy();
    const airline = await chartIn('Actual Saving per Airline', 'pie');
    expect(airline.getAttribute('aria-label')).toContain('LY $300.00 airline credit');
  });

  it('should show the credits open, used and lost to expiry per currency', async () => {
    renderView();

    const region = await screen.findByRole('region', {
      name: 'Credits: open, used and lost to expiry',
    });
    const table = await within(region).findByRole('table', {}, LOADED);
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'CurrencyOpenUsedLost to expiry',
      'USD$151.102 credits$50.251 credit$20.001 credit',
    ]);
  });

  it('should draw a line per saving over the months when there are several periods', async () => {
    renderView();

    const chart = await chartIn('Potential vs Actual saving per period', 'line');
    expect(chart.dataset.labels).toBe('May 2026|Jun 2026');
    expect(chart.dataset.series).toBe('Potential Saving=101|250;Actual Saving=20|100');
  });

  it('should draw a pie of the two savings when there is one period', async () => {
    const [june] = SAVING_PERIODS.periods.slice(1);
    renderView({ potentialVsActualByPeriod: { body: { periods: [june] } } });

    const chart = await chartIn('Potential vs Actual saving per period', 'pie');
    expect(chart.dataset.labels).toBe('Potential Saving|Actual Saving');
    expect(chart.dataset.series).toBe('Saving=250|100');
    expect(
      within(card('Potential vs Actual saving per period')).queryByTestId('line-chart'),
    ).toBeNull();
  });

  it('should show the potential saving as saved and still to save, rounded', async () => {
    renderView();

    const chart = await chartIn('Potential Saving', 'doughnut');
    expect(chart.dataset.labels).toBe('Actual Saving|Still to save');
    // 1,234.50 potential of which 300.49 saved: 300 and 934 once rounded.
    expect(chart.dataset.series).toBe('Saving=300|934');
  });

  it('should chart completed and pending per entity, all groups summed, by default', async () => {
    renderView();

    const chart = await chartIn('Pending vs Completed', 'bar');
    expect(chart.dataset.labels).toBe('Demo Travel|Globe Tours');
    expect(chart.dataset.series).toBe('Completed=9|1;Pending=6|7');
  });

  it('should keep only the chosen group when the group dropdown changes', async () => {
    const sent = renderView();
    await chartIn('Pending vs Completed', 'bar');

    await userEvent.click(
      within(card('Pending vs Completed')).getByRole('combobox', { name: 'Group' }),
    );
    await userEvent.click(screen.getByRole('option', { name: 'Waitlist' }));

    const chart = within(card('Pending vs Completed')).getByTestId('bar-chart');
    expect(chart.dataset.labels).toBe('Globe Tours');
    expect(chart.dataset.series).toBe('Completed=1;Pending=5');
    // Filtered here: the server is not asked again.
    expect(callsTo(sent, 'completedVsTotal')).toHaveLength(1);
  });

  it('should say the chart is empty when the chosen group has nothing', async () => {
    renderView();
    await chartIn('Pending vs Completed', 'bar');

    await userEvent.click(
      within(card('Pending vs Completed')).getByRole('combobox', { name: 'Group' }),
    );
    await userEvent.click(screen.getByRole('option', { name: 'Ticketing Due' }));

    expect(
      within(card('Pending vs Completed')).getByText('Not enough data for this chart'),
    ).toBeTruthy();
  });

  it("should pass the server's 'Other' through and round the airline savings", async () => {
    renderView();

    const chart = await chartIn('Actual Saving per Airline', 'pie');
    expect(chart.dataset.labels).toBe('LY|BA|Other');
    expect(chart.dataset.series).toBe('Actual Saving=121|80|100');
  });

  it('should bar the potential saving per customer number in its currency', async () => {
    renderView();

    const chart = await chartIn('Potential Saving Per Customer Number', 'bar');
    expect(chart.dataset.labels).toBe('DK100|DK200');
    expect(chart.dataset.series).toBe('Potential Saving=501|10');
    expect(chart.getAttribute('aria-label')).toBe(
      'Potential Saving Per Customer Number: DK100 €501.00 cash, DK200 €10.00 cash',
    );
  });

  it('should ask for the chosen kind when the ADM dropdown changes', async () => {
    const sent = renderView({
      admPerAirline: (call) => ({
        body: {
          items: [
            { airline: call.query.get('notifType') === 'Cancellation' ? 'UA' : 'LY', count: 3 },
          ],
        },
      }),
    });
    expect((await chartIn('ADM notifications per airline', 'bar')).dataset.labels).toBe('LY');
    expect(callsTo(sent, 'admPerAirline')[0]?.query.get('notifType')).toBe('All');

    await userEvent.click(
      within(card('ADM notifications per airline')).getByRole('combobox', {
        name: 'Notification type',
      }),
    );
    await userEvent.click(screen.getByRole('option', { name: 'Cancellation' }));

    await vi.waitFor(() =>
      expect(
        within(card('ADM notifications per airline')).getByTestId('bar-chart').dataset.labels,
      ).toBe('UA'),
    );
    expect(callsTo(sent, 'admPerAirline').at(-1)?.query.get('notifType')).toBe('Cancellation');
  });

  it('should show bookings with and without price data with their shares and total', async () => {
    renderView();

    const chart = await chartIn('PNR price data', 'doughnut');
    expect(chart.dataset.labels).toBe('With price data 62.50%|Without price data 37.50%');
    expect(chart.dataset.series).toBe('Count=5|3');
    expect(chart.getAttribute('aria-label')).toMatch(/Total 8$/);
  });

  it('should say the chart is empty when its call answers nothing', async () => {
    renderView({ savingPerAirline: EMPTY_DETAILED_ANSWERS.savingPerAirline });

    const region = await screen.findByRole('region', { name: 'Actual Saving per Airline' });
    expect(
      await within(region).findByText('Not enough data for this chart', {}, LOADED),
    ).toBeTruthy();
    expect(
      within(region).getByText('Please check again later, or change filter selection.'),
    ).toBeTruthy();
    // The other charts still draw.
    expect(await chartIn('Potential vs Actual saving', 'bar')).toBeTruthy();
  });

  it('should say there is no data to display when every call answers nothing', async () => {
    renderView(EMPTY_DETAILED_ANSWERS);

    expect(await screen.findByText('No data to display', {}, LOADED)).toBeTruthy();
    expect(screen.getByText('Please select another filter')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('should show the failure in its card and load again when retried', async () => {
    let fail = true;
    const answer: Handler = () => (fail ? FAILURE : { body: { youngCnt: 1, oldCnt: 1 } });
    renderView({ youngPqs: answer });

    const region = await screen.findByRole('region', { name: 'PNR price data' });
    const alert = await within(region).findByRole('alert', {}, FAILED);
    expect(within(alert).getByText('Something happened')).toBeTruthy();
    expect(within(alert).getByText('Please try again later')).toBeTruthy();

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    const chart = await within(region).findByTestId('doughnut-chart', {}, LOADED);
    expect(chart.dataset.series).toBe('Count=1|1');
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('should show skeletons while the charts load', async () => {
    stubDashboardServer({});
    vi.mocked(fetch).mockImplementation(() => new Promise(() => undefined));
    renderWithApp(<DetailedView request={REQUEST} />);

    const region = await screen.findByRole('region', { name: 'Potential vs Actual saving' });
    expect(within(region).getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it.each([
    ['Potential vs Actual saving', 'savingXls', 'PotentialVsActual'],
    ['Potential vs Actual saving per period', 'savingXls', 'PotentialVsActualPerPeriod'],
    ['Potential Saving', 'savingXls', 'ActualSaving'],
    ['Pending vs Completed', 'notificationsXls', 'PendingVsCompleted'],
    ['Actual Saving per Airline', 'savingXls', 'ActualSavingPerAirline'],
    ['Potential Saving Per Customer Number', 'savingXls', 'PotentialPerCustomerNumber'],
    ['PNR price data', 'notificationsXls', 'YoungPqs'],
  ] as const)(
    'should download %s as XLS with its report and the filter',
    async (title, call, report) => {
      const saved = catchSavedFiles();
      const sent = renderView({ [call]: { file: `${report}.xlsx` } });

      const region = await screen.findByRole('region', { name: title });
      await userEvent.click(within(region).getByRole('button', { name: 'XLS' }));

      await vi.waitFor(() => expect(saved).toEqual([`${report}.xlsx`]));
      const [download] = callsTo(sent, call);
      expect(download?.method).toBe('GET');
      const form = download?.query;
      expect(form?.get('report')).toBe(report);
      expect(form?.getAll('id')).toEqual(['7', '8']);
      expect(form?.get('type')).toBe('Branch');
      expect(form?.get('notificationDateFrom')).toBe('2026-06-01');
      expect(form?.get('notificationDateTo')).toBe('2026-06-15');
      expect(form?.get('dateFilter')).toBe('DEPARTURE');
      expect(form?.get('from')).toBe('2026-07-01');
      expect(form?.get('to')).toBe('2026-07-31');
    },
  );

  it('should download the ADM chart with the kind the dropdown shows', async () => {
    const saved = catchSavedFiles();
    const sent = renderView({ notificationsXls: { file: 'adm.xlsx' } });
    await chartIn('ADM notifications per airline', 'bar');

    await userEvent.click(
      within(card('ADM notifications per airline')).getByRole('combobox', {
        name: 'Notification type',
      }),
    );
    await userEvent.click(screen.getByRole('option', { name: 'ADM' }));
    await userEvent.click(
      within(card('ADM notifications per airline')).getByRole('button', { name: 'XLS' }),
    );

    await vi.waitFor(() => expect(saved).toEqual(['adm.xlsx']));
    const form = callsTo(sent, 'notificationsXls')[0]?.query;
    expect(form?.get('report')).toBe('AdmPerAirline');
    expect(form?.get('notifType')).toBe('ADM');
  });
});
