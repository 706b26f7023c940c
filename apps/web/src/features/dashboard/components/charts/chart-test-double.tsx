// Test-only: jsdom has no canvas, so each chart stands as an element carrying what it was given.
// Use with `vi.mock('react-chartjs-2', () => import('…/chart-test-double'))`.

type FakeChartProps = {
  data: { labels?: unknown[]; datasets: { label?: string; data: unknown[] }[] };
  role?: string;
  'aria-label'?: string;
};

function fakeChart(kind: string) {
  return function FakeChart({ data, role, 'aria-label': label }: FakeChartProps) {
    return (
      <div
        data-testid={`${kind}-chart`}
        data-labels={(data.labels ?? []).join('|')}
        data-series={data.datasets
          .map((dataset) => `${dataset.label ?? ''}=${dataset.data.join('|')}`)
          .join(';')}
        role={role}
        aria-label={label}
      />
    );
  };
}

export const Bar = fakeChart('bar');
export const Line = fakeChart('line');
export const Pie = fakeChart('pie');
export const Doughnut = fakeChart('doughnut');
