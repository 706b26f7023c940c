import Box from '@mui/material/Box';
import {
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { ChartDataTable } from '@/features/dashboard/components/charts/chart-data-table';
import { useChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { chartDescription } from '@/features/dashboard/utils/chart-description';
import type { ChartFigures } from '@/features/dashboard/utils/chart-values';

// Only the pieces a line chart draws with; Line registers its own controller.
ChartJS.register(CategoryScale, LinearScale, LineElement, PointElement, Tooltip, Legend);

type LineChartProps = {
  name: string;
  figures: ChartFigures;
  /** One per series. */
  colours: readonly string[];
  formatValue: (value: number) => string;
};

/** A line per series over the labels (months), values in the tooltips. */
export function LineChart({ name, figures, colours, formatValue }: LineChartProps) {
  const look = useChartLook();
  const data: ChartData<'line'> = {
    labels: figures.labels,
    datasets: figures.series.map((series, index) => ({
      label: series.label,
      data: series.values,
      borderColor: colours[index],
      backgroundColor: colours[index],
      tension: 0.3,
    })),
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: look.animation,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom', labels: { color: look.text } },
      tooltip: {
        callbacks: {
          label: (context) =>
            `${context.dataset.label ?? ''}: ${formatValue(context.parsed.y ?? 0)}`,
        },
      },
    },
    scales: {
      x: { grid: { display: false }, ticks: { color: look.text } },
      y: {
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
      <Line
        data={data}
        options={options}
        role="img"
        aria-label={chartDescription(name, figures, formatValue)}
      />
      <ChartDataTable name={name} figures={figures} formatValue={formatValue} />
    </Box>
  );
}
