import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { CancelPnrQuoteResponse, Refund } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { cancelPnrQuoteQueryOptions } from '@/features/notifications/api/get-cancel-pnr-quote';
import { formatDateTime, formatMoney } from '@/lib/format';
import { cancelPnrFailureOf } from './cancel-pnr-message';
import { detailsTexts } from './details-texts';

type CancelPnrDialogProps = {
  open: boolean;
  notificationId: number;
  pnr: string;
  /** Called with the refund the agent was shown, which the server holds the cancel to. */
  onConfirm: (expectedRefund: Refund | null) => void;
  /** Keep booking, Esc and a click outside. */
  onClose: () => void;
};

function refundText({ refund, refundTo }: CancelPnrQuoteResponse): string {
  if (refund === null) return detailsTexts.refundUnknown;
  const money = formatMoney(refund.amount, refund.currency);
  // Nowhere to send it: nothing was paid (a hold or an unticketed booking).
  return detailsTexts.refundLine(
    money,
    refundTo === null ? detailsTexts.nothingPaid : detailsTexts.refundTo[refundTo],
  );
}

type QuestionProps = Pick<CancelPnrDialogProps, 'notificationId' | 'onConfirm' | 'onClose'> & {
  textId: string;
};

// Mounted only while the dialog is open (MUI unmounts a closed dialog's children), so each
// opening asks the GDS afresh rather than showing an earlier quote.
function CancelPnrQuestion({ notificationId, onConfirm, onClose, textId }: QuestionProps) {
  const quote = useQuery(cancelPnrQuoteQueryOptions(notificationId));

  let body;
  if (quote.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={32} aria-label={detailsTexts.loadingRefund} />
      </Box>
    );
  } else if (quote.isError) {
    body = (
      <Typography role="alert" color="error">
        {cancelPnrFailureOf(quote.error)}
      </Typography>
    );
  } else {
    body = (
      <>
        <Typography>{refundText(quote.data)}</Typography>
        {quote.data.expiresAt !== null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {detailsTexts.refundQuotedUntil(formatDateTime(quote.data.expiresAt))}
          </Typography>
        )}
      </>
    );
  }

  return (
    <>
      <DialogContent id={textId} aria-busy={quote.isPending}>
        {body}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {detailsTexts.keepBooking}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={!quote.isSuccess}
          onClick={() => quote.data && onConfirm(quote.data.refund)}
        >
          {detailsTexts.cancelPnr}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * Asks before the PNR is cancelled, with what cancelling refunds as the GDS quotes it now.
 * The safe answer has the focus and Enter does not confirm: cancelling cannot be undone.
 */
export function CancelPnrDialog({ open, pnr, ...question }: CancelPnrDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={question.onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{detailsTexts.cancelPnrQuestion(pnr)}</DialogTitle>
      <CancelPnrQuestion {...question} textId={textId} />
    </Dialog>
  );
}
