import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type Field = { label: string; value: ReactNode };

type FieldGridProps = { fields: readonly Field[]; minColumnWidth?: number };

/** Label over value, as many columns as fit: two on a phone, a row on a wide screen. */
export function FieldGrid({ fields, minColumnWidth = 110 }: FieldGridProps) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${minColumnWidth}px, 1fr))`,
        columnGap: 2,
        rowGap: 1,
      }}
    >
      {fields.map((field) => (
        <Box key={field.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {field.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {field.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
