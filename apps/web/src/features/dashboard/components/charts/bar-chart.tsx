import Box from '@mui/material/Box';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { ChartDataTable } from '@/features/dashboard/components/charts/chart-data-table';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { chartDescription } from '@/features/dashboard/utils/chart-description';
import type { ChartFigures } from '@/features/dashboard/utils/chart-values';

// Only the pieces a bar chart draws with; Bar registers its own controller.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

type BarChartProps = {
  /** The chart's title: the start of the canvas's accessible name. */
  name: string;
  figures: ChartFigures;
  /** One per series; a list colours each bar of that series on its own. */
  colours: readonly (string | readonly string[])[];
  formatValue: (value: number) => string;
  /** Series stacked on one bar per label, as parts of a whole. */
  stacked?: boolean;
};

/** Bars per label, a legend when there are several series, values in the tooltips. */
export function BarChart({ name, figures, colours, formatValue, stacked = false }: BarChartProps) {
  const look = useChartLook();
  const data: ChartData<'bar'> = {
    labels: figures.labels,
    datasets: figures.series.map((series, index) => ({
      label: series.label,
      data: series.values,
      backgroundColor: colours[index],
      maxBarThickness: 48,
    })),
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: look.animation,
    plugins: {
      legend: {
        display: figures.series.length > 1,
        position: 'bottom',
        labels: { color: look.text },
      },
      tooltip: {
        callbacks: {
          label: (context) =>
            `${context.dataset.label ?? ''}: ${formatValue(context.parsed.y ?? 0)}`,
        },
      },
    },
    scales: {
      x: { stacked, grid: { display: false }, ticks: { color: look.text } },
      y: {
        stacked,
        beginAtZero: true,
        // Every value drawn is a whole number: counts, rounded savings, floored amounts.
        ticks: { color: look.text, precision: 0 },
        grid: { color: look.grid },
        border: { display: false },
      },
    },
  };

  return (
    <Box sx={{ position: 'relative', height: look.height, width: '100%', minWidth: 0 }}>
      <Bar
        data={data}
        options={options}
        role="img"
        aria-label={chartDescription(name, figures, formatValue)}
      />
      <ChartDataTable name={name} figures={figures} formatValue={formatValue} />
    </Box>
  );
}
