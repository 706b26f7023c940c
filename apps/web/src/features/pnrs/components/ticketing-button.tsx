import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import Button from '@mui/material/Button';
import { errorMessages, type PnrListItem } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { isRefusal } from '@/lib/retry-unless-refused';
import { useSendToTicketing } from '@/features/pnrs/api/send-to-ticketing';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { ticketingResultMessage } from '@/features/pnrs/utils/ticketing-result-message';

type TicketingButtonProps = { row: PnrListItem };

/** The server's words on a refusal (409: not OTA, unsupported, already ticketed). */
function failureMessage(error: unknown): string {
  return isRefusal(error) && error instanceof Error && error.message
    ? error.message
    : errorMessages.operationFailed;
}

/** 'Send to ticketing' for an online agency's booking (SPEC §4); the outcome is a snack. */
export function TicketingButton({ row }: TicketingButtonProps) {
  const snack = useSnack();
  const ticketing = useSendToTicketing();
  const unavailable =
    row.isTicketing || !row.ticketingSupported || row.isTicketed || row.isCancelled;

  const send = () =>
    ticketing.mutate(row, {
      onSuccess: ({ data }) => {
        const result = ticketingResultMessage(data);
        if (result.severity === 'success') snack.success(result.message);
        else snack.error(result.message);
      },
      onError: (error) => snack.error(failureMessage(error)),
    });

  return (
    <Button
      variant="contained"
      size="small"
      startIcon={<ConfirmationNumberIcon />}
      disabled={ticketing.isPending || unavailable}
      aria-busy={ticketing.isPending}
      onClick={send}
      sx={{ alignSelf: 'flex-start' }}
    >
      {ticketing.isPending ? pnrTexts.ticketingInProgress : pnrTexts.sendToTicketing}
    </Button>
  );
}
