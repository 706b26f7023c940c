import Box from '@mui/material/Box';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import type { ChartFigures } from '@/features/dashboard/utils/chart-values';

type ChartDataTableProps = {
  name: string;
  figures: ChartFigures;
  formatValue: (value: number) => string;
};

/** A chart's figures as a table only screen readers see, to read value by value. */
export function ChartDataTable({ name, figures, formatValue }: ChartDataTableProps) {
  return (
    <Box component="table" sx={visuallyHidden}>
      <caption>{name}</caption>
      <thead>
        <tr>
          <td />
          {figures.series.map((series) => (
            <th key={series.label} scope="col">
              {series.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {figures.labels.map((label, index) => (
          <tr key={`${index}-${label}`}>
            <th scope="row">{label}</th>
            {figures.series.map((series) => (
              <td key={series.label}>{formatValue(series.values[index] ?? 0)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
