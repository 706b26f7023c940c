import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PriceQuote } from '@smt/shared';
import { FieldGrid } from '@/components/ui/field-grid';
import { detailsTexts } from './details-texts';
import { ageCategoryOf } from './passenger-types';

/** '2 Adult, 1 Child': the quote's passengers per age category, in the order they come. */
export function paxSummaryOf(pax: PriceQuote['pax']): string {
  const counts = new Map<string, number>();
  for (const { type } of pax) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts].map(([type, count]) => `${count} ${ageCategoryOf(type)}`).join(', ');
}

/** 'TLV-LHR LY315': a segment's route and flight (the airline alone for older quotes). */
export const segmentTextOf = (segment: PriceQuote['segments'][number]) =>
  `${segment.origin}-${segment.dest} ${segment.airline}${segment.flight_number ?? ''}`;

/** Which passengers and segments a price quote is for (SPEC §3 Price quote: pax, segments). */
export function PriceQuoteCoverage({ quote }: { quote: PriceQuote }) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2" component="h4">
        {detailsTexts.covers}
      </Typography>
      <FieldGrid
        minColumnWidth={160}
        fields={[
          { label: detailsTexts.coveredPassengers, value: paxSummaryOf(quote.pax) },
          {
            label: detailsTexts.segments,
            value: (
              <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {quote.segments.map((segment) => (
                  <li key={segment.id}>{segmentTextOf(segment)}</li>
                ))}
              </Box>
            ),
          },
        ]}
      />
    </Stack>
  );
}
