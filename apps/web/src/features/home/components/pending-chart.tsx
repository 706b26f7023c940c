import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GROUP_LABEL, type HomeGroupCounts } from '@smt/shared';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { HOME_TEXTS } from '@/features/home/utils/home-texts';

// Only the pieces this bar chart draws with; Bar registers its own controller.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

type PendingChartProps = { byGroup: readonly HomeGroupCounts[] };

/** Pending notifications per group, each bar in its group's colour. */
export function PendingChart({ byGroup }: PendingChartProps) {
  const theme = useTheme();
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  const data: ChartData<'bar'> = {
    labels: byGroup.map((entry) => GROUP_LABEL[entry.group]),
    datasets: [
      {
        label: HOME_TEXTS.pending,
        data: byGroup.map((entry) => entry.pending),
        backgroundColor: byGroup.map((entry) => theme.palette.groups[entry.group]),
        borderRadius: Number(theme.shape.borderRadius),
        maxBarThickness: 48,
      },
    ],
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reduceMotion ? false : undefined,
    scales: {
      x: { grid: { display: false }, ticks: { color: theme.palette.text.secondary } },
      y: {
        beginAtZero: true,
        ticks: { precision: 0, color: theme.palette.text.secondary },
        grid: { color: theme.palette.divider },
        border: { display: false },
      },
    },
  };
  // The canvas says in words what it draws.
  const description = `${HOME_TEXTS.pendingPerGroup}: ${byGroup
    .map((entry) => `${GROUP_LABEL[entry.group]} ${entry.pending}`)
    .join(', ')}`;

  return (
    // total-card.tsx holds this height while the chart loads.
    <Box sx={{ position: 'relative', height: 180, width: '100%' }}>
      <Bar data={data} options={options} role="img" aria-label={description} />
    </Box>
  );
}
