import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { errorMessages } from '@smt/shared';
import { useId } from 'react';
import {
  useFarebasisPenalties,
  type FareRulesRequest,
} from '@/features/notifications/api/get-farebasis-penalties';
import { detailsTexts } from './details-texts';

type FareRulesDialogProps = { open: boolean; request: FareRulesRequest; onClose: () => void };

function Message({ title, text }: { title: string; text: string }) {
  return (
    <Box role="status">
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

/** The fare rules of a quote's farebasis: its penalty text as the GDS writes it. */
export function FareRulesDialog({ open, request, onClose }: FareRulesDialogProps) {
  const titleId = useId();
  const rules = useFarebasisPenalties(request, open);

  let body;
  if (rules.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label={detailsTexts.loading} />
      </Box>
    );
  } else if (rules.isError) {
    body = <Message title={errorMessages.rulesErrorTitle} text={errorMessages.rulesErrorText} />;
  } else if (rules.data === null) {
    body = <Message title={errorMessages.rulesNoDataTitle} text={errorMessages.rulesNoDataText} />;
  } else {
    body = (
      <>
        <Typography variant="h6" component="p">
          {rules.data.farebasis}
        </Typography>
        <Typography
          component="pre"
          variant="body2"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: 'monospace',
            m: 0,
            mt: 1,
          }}
        >
          {rules.data.penalty}
        </Typography>
      </>
    );
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{detailsTexts.rulesOf(request.farebasis)}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{detailsTexts.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
