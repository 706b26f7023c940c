import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MonthlyStatResponse } from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { MonthlyView } from '@/features/dashboard/components/monthly-view';
import { renderWithApp } from '@/testing/render-app';
import {
  callsTo,
  catchSavedFiles,
  FAILURE,
  MONTHLY_STAT,
  stubDashboardServer,
  type Handler,
} from './dashboard-test-server';

vi.mock('react-chartjs-2', () => import('./charts/chart-test-double'));

const LOADED = { timeout: 5000 };
// A failed call is tried once more before the cards give up.
const FAILED = { timeout: 8000 };

function renderView(
  monthlyStat: Handler = { body: MONTHLY_STAT },
  monthlyXls: Handler = { status: 404, body: {} },
) {
  const sent = stubDashboardServer({ monthlyStat, monthlyXls });
  renderWithApp(<MonthlyView scope={{ type: 'Agent', ids: [12] }} />);
  return sent;
}

async function chartIn(title: string) {
  const region = await screen.findByRole('region', { name: title });
  return within(region).findByTestId(/-chart$/, {}, LOADED);
}

describe('MonthlyView', { timeout: 30_000 }, () => {
  it("should be titled with the answer's month, say which months it charts and send only the scope", async () => {
    const sent = renderView();

    expect(await screen.findByRole('heading', { name: 'May 2026' }, LOADED)).toBeTruthy();
    expect(screen.getByText('Charts by departure month: January 2026 to March 2026')).toBeTruthy();
    const query = callsTo(sent, 'monthlyStat')[0]?.query;
    expect(query?.toString()).toBe('type=Agent&id=12');
  });

  it.each([
    ['Reprice Potential', 'RepricePotential'],
    ['Reprice Actual', 'RepriceActual'],
    ['Total notifications by type', 'NotificationsByType'],
    ['PNR price data', 'PnrPriceData'],
  ] as const)('should download %s as XLS with its report and the scope', async (title, report) => {
    const saved = catchSavedFiles();
    const sent = renderView({ body: MONTHLY_STAT }, { file: `${report}.xlsx` });

    await chartIn(title);
    const region = screen.getByRole('region', { name: title });
    await userEvent.click(within(region).getByRole('button', { name: 'XLS' }));

    await vi.waitFor(() => expect(saved).toEqual([`${report}.xlsx`]));
    const [download] = callsTo(sent, 'monthlyXls');
    expect(download?.method).toBe('GET');
    expect(download?.query.toString()).toBe(`type=Agent&id=12&report=${report}`);
  });

  it('should chart the amounts of each currency and kind on their own', async () => {
    const [first] = MONTHLY_STAT.months;
    const eur = {
      currency: 'EUR',
      kind: 'cash' as const,
      potential: 136.04,
      actual: 136.04,
      potentialCount: 1,
      actualCount: 1,
    };
    const usdCredit = { ...eur, currency: 'USD', kind: 'credit' as const, actual: 70.5 };
    renderView({
      body: {
        ...MONTHLY_STAT,
        months: [
          { ...first!, byCurrency: [eur, ...first!.byCurrency, usdCredit] },
          ...MONTHLY_STAT.months.slice(1),
        ],
        currencies: ['EUR', 'USD'],
        currencyKinds: [
          { currency: 'EUR', kind: 'cash' },
          { currency: 'USD', kind: 'cash' },
          { currency: 'USD', kind: 'credit' },
        ],
      } satisfies MonthlyStatResponse,
    });
    await chartIn('Reprice Actual');
    const region = screen.getByRole('region', { name: 'Reprice Actual' });
    await userEvent.click(within(region).getByRole('button', { name: 'Amount' }));

    const charts = within(region).getAllByTestId('bar-chart');
    // The USD credit is never added to the USD cash: a chart each.
    expect(charts.map((chart) => chart.dataset.series)).toEqual([
      'Amount=136|0|0',
      'Amount=50|0|120',
      'Amount=70|0|0',
    ]);
    expect(within(region).getByText('In EUR cash')).toBeTruthy();
    expect(within(region).getByText('In USD airline credit')).toBeTruthy();
    expect(charts[2]?.getAttribute('aria-label')).toBe(
      'Reprice Actual (USD airline credit): Jan 2026 $70 airline credit, Feb 2026 $0 airline credit, Mar 2026 $0 airline credit',
    );
  });

  it('should count reprice notifications per month until Amount is chosen', async () => {
    renderView();

    const potential = await chartIn('Reprice Potential');
    expect(potential.dataset.labels).toBe('Jan 2026|Feb 2026|Mar 2026');
    expect(potential.dataset.series).toBe('Notifications=2|0|5');
    const actual = await chartIn('Reprice Actual');
    expect(actual.dataset.series).toBe('Notifications=1|0|3');
  });

  it('should floor the reprice amounts when Amount is chosen', async () => {
    renderView();
    await chartIn('Reprice Potential');

    const region = screen.getByRole('region', { name: 'Reprice Potential' });
    await userEvent.click(within(region).getByRole('button', { name: 'Amount' }));

    const chart = within(region).getByTestId('bar-chart');
    expect(chart.dataset.series).toBe('Amount=100|0|330');
    expect(chart.getAttribute('aria-label')).toBe(
      'Reprice Potential: Jan 2026 $100 cash, Feb 2026 $0 cash, Mar 2026 $330 cash',
    );
    // Each card has its own toggle.
    expect(
      within(screen.getByRole('region', { name: 'Reprice Actual' })).getByTestId('bar-chart')
        .dataset.series,
    ).toBe('Notifications=1|0|3');
  });

  it('should bar the notifications by type and doughnut the price data', async () => {
    renderView();

    const byType = await chartIn('Total notifications by type');
    expect(byType.dataset.labels).toBe('Reprice|ADM|Cancellation');
    expect(byType.dataset.series).toBe('Notifications=7|2|1');
    const priceData = await chartIn('PNR price data');
    expect(priceData.dataset.labels).toBe('With price data 33.33%|Without price data 66.67%');
    expect(priceData.dataset.series).toBe('Count=1|2');
  });

  it('should say the chart is empty when its part of the answer has nothing', async () => {
    renderView({ body: { ...MONTHLY_STAT, byType: [] } satisfies MonthlyStatResponse });

    const region = await screen.findByRole('region', { name: 'Total notifications by type' });
    expect(
      await within(region).findByText('Not enough data for this chart', {}, LOADED),
    ).toBeTruthy();
  });

  it('should say there is no data to display when the overview has nothing', async () => {
    const nothing: MonthlyStatResponse = {
      title: '2026-05',
      months: MONTHLY_STAT.months.map((month) => ({
        ...month,
        repricePotential: 0,
        repricePotentialCount: 0,
        repriceActual: 0,
        repriceActualCount: 0,
        byCurrency: [],
      })),
      byType: [],
      priceData: { youngCnt: 0, oldCnt: 0 },
      currency: null,
      currencies: [],
      currencyKinds: [],
    };
    renderView({ body: nothing });

    expect(await screen.findByText('No data to display', {}, LOADED)).toBeTruthy();
    expect(screen.getByText('Please select another filter')).toBeTruthy();
  });

  it('should show the failure in the cards and load again when retried', async () => {
    let fail = true;
    renderView(() => (fail ? FAILURE : { body: MONTHLY_STAT }));

    const region = await screen.findByRole('region', { name: 'Reprice Potential' });
    const alert = await within(region).findByRole('alert', {}, FAILED);
    expect(within(alert).getByText('Something happened')).toBeTruthy();
    expect(within(alert).getByText('Please try again later')).toBeTruthy();

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'May 2026' }, LOADED)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
