import Box from '@mui/material/Box';
import { centrePnrSummaryOf } from '@/features/notifications/utils/centre-pnr-summary';

type PnrSummaryLineProps = { summary: string };

/** 'TLV-LHR · LY315 · 13/12/2026 10:00': route, flight and the flight's local time. */
export function PnrSummaryLine({ summary }: PnrSummaryLineProps) {
  const parts = centrePnrSummaryOf(summary);
  if ('text' in parts) return <>{parts.text}</>;
  return (
    <>
      {parts.route} · {parts.flight} ·{' '}
      <Box component="time" sx={{ whiteSpace: 'nowrap' }}>
        {parts.time}
      </Box>
    </>
  );
}
