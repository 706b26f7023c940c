import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

type ItineraryListProps<T> = {
  items: readonly T[];
  label: string;
  renderItem: (item: T) => ReactNode;
};

/** Rows of flights, hotels or cars, each in its own outlined box. */
export function ItineraryList<T>({ items, label, renderItem }: ItineraryListProps<T>) {
  return (
    <Stack component="ul" spacing={1} aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {items.map((item, index) => (
        <Box
          component="li"
          key={index}
          sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          {renderItem(item)}
        </Box>
      ))}
    </Stack>
  );
}
