import type { ChartFigures } from '@/features/dashboard/utils/chart-values';

/**
 * A chart said in words, for the canvas's accessible name: 'Title: A 1, B 2', or with several
 * series 'Title: A (Completed 1, Pending 2), B (…)'.
 */
export function chartDescription(
  name: string,
  figures: ChartFigures,
  formatValue: (value: number) => string,
): string {
  const [only, ...others] = figures.series;
  const items = figures.labels.map((label, index) => {
    if (only !== undefined && others.length === 0) {
      return `${label} ${formatValue(only.values[index] ?? 0)}`;
    }
    const values = figures.series
      .map((series) => `${series.label} ${formatValue(series.values[index] ?? 0)}`)
      .join(', ');
    return `${label} (${values})`;
  });
  return `${name}: ${items.join(', ')}`;
}
