import Box from '@mui/material/Box';
import { ArcElement, Chart as ChartJS, Legend, Tooltip, type Plugin } from 'chart.js';
import { Doughnut, Pie } from 'react-chartjs-2';
import { ChartDataTable } from '@/features/dashboard/components/charts/chart-data-table';
import { useChartLook, type ChartLook } from '@/features/dashboard/hooks/use-chart-look';
import { chartDescription } from '@/features/dashboard/utils/chart-description';
import type { ChartFigures } from '@/features/dashboard/utils/chart-values';
import { OTHER_ITEM } from '@/features/dashboard/utils/dashboard-texts';

// Only the pieces a pie or doughnut draws with; each registers its own controller.
ChartJS.register(ArcElement, Tooltip, Legend);

type ShareChartProps = {
  name: string;
  kind: 'pie' | 'doughnut';
  /** One series: a slice per label. */
  figures: ChartFigures;
  formatValue: (value: number) => string;
  /** Colours in label order; by default the look's slices, 'Other' in grey. */
  colours?: readonly string[];
  /** Lines written in a doughnut's hole, e.g. its total. */
  centre?: readonly string[];
};

function sliceColours(labels: readonly string[], look: ChartLook): string[] {
  let next = 0;
  return labels.map((label) => {
    if (label === OTHER_ITEM) return look.other;
    const colour = look.slices[next % look.slices.length] ?? look.other;
    next += 1;
    return colour;
  });
}

/** Writes the given lines in the middle of the chart area, where a doughnut's hole is. */
function centreText(lines: readonly string[], look: ChartLook): Plugin<'doughnut'> {
  return {
    id: 'centreText',
    afterDraw: (chart) => {
      const { ctx, chartArea } = chart;
      const x = (chartArea.left + chartArea.right) / 2;
      const y = (chartArea.top + chartArea.bottom) / 2;
      const lineHeight = 18;
      ctx.save();
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = look.strongText;
      ctx.font = `600 14px ${look.font ?? 'sans-serif'}`;
      lines.forEach((line, index) => {
        ctx.fillText(line, x, y + (index - (lines.length - 1) / 2) * lineHeight);
      });
      ctx.restore();
    },
  };
}

/** Shares of a whole: a slice per label, the legend beside it (below on a phone). */
export function ShareChart({ name, kind, figures, formatValue, colours, centre }: ShareChartProps) {
  const look = useChartLook();
  const description = chartDescription(name, figures, formatValue);
  const dataset = {
    label: figures.series[0]?.label,
    data: figures.series[0]?.values ?? [],
    backgroundColor: colours ?? sliceColours(figures.labels, look),
  };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: look.animation,
    plugins: {
      legend: { position: look.legendPosition, labels: { color: look.text } },
      tooltip: {
        callbacks: {
          label: (context: { label: string; parsed: number }) =>
            `${context.label}: ${formatValue(context.parsed)}`,
        },
      },
    },
  };
  const label = centre === undefined ? description : `${description}. ${centre.join(' ')}`;

  return (
    <Box sx={{ position: 'relative', height: look.height, width: '100%', minWidth: 0 }}>
      {kind === 'pie' ? (
        <Pie
          data={{ labels: figures.labels, datasets: [dataset] }}
          options={options}
          role="img"
          aria-label={label}
        />
      ) : (
        <Doughnut
          data={{ labels: figures.labels, datasets: [dataset] }}
          options={options}
          plugins={centre === undefined ? [] : [centreText(centre, look)]}
          role="img"
          aria-label={label}
        />
      )}
      <ChartDataTable name={name} figures={figures} formatValue={formatValue} />
    </Box>
  );
}
