import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_TYPES, sabreQueueText, type PnrInfo } from '@smt/shared';
import { FieldGrid } from '@/components/ui/field-grid';
import { formatDateTime, formatMoney } from '@/lib/format';
import { pnrInfoTexts as texts } from './pnr-info-texts';

type BookingSummaryProps = { info: PnrInfo };

const when = (iso: string | null) => (iso ? formatDateTime(iso) : texts.none);

/**
 * Whose booking it is, where it was found (a Sabre queue), how the engine watches it (and what
 * its reservation system keeps the engine from watching), and its fare.
 */
export function BookingSummary({ info }: BookingSummaryProps) {
  const { booking, fare } = info;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="booking-heading" sx={{ p: 2 }}>
      <Typography id="booking-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {texts.booking} {booking.pnrNumber}
      </Typography>
      <FieldGrid
        minColumnWidth={130}
        fields={[
          { label: texts.gds, value: booking.gdsId },
          { label: texts.provider, value: booking.provider },
          ...(booking.queue === null
            ? []
            : [{ label: texts.foundOn, value: sabreQueueText(booking.queue) }]),
          { label: texts.type, value: booking.type },
          { label: texts.agency, value: booking.agencyName },
          { label: texts.branch, value: booking.branchPcc },
          { label: texts.agent, value: booking.agentName },
          { label: texts.monitored, value: booking.monitored ? texts.yes : texts.no },
          { label: texts.lastCheck, value: when(booking.lastCheckedAt) },
          { label: texts.nextCheck, value: when(booking.nextCheckAt) },
          { label: texts.ticketingDeadline, value: when(booking.lastPurchaseAt) },
          { label: texts.fare, value: fare ? formatMoney(fare.total, fare.currency) : texts.none },
          { label: texts.fareBasis, value: fare?.fareBasis ?? texts.none },
        ]}
      />
      {booking.unsupported.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {texts.notWatched(
            booking.unsupported
              .map((gap) => `${NOTIFICATION_TYPES[gap.detector].detectorLabel} (${gap.reason})`)
              .join(', '),
          )}
        </Typography>
      )}
    </Paper>
  );
}
