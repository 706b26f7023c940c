import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import {
  errorMessages,
  uiTexts,
  type Flight,
  type NotificationHeader,
  type OperationCode,
} from '@smt/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnack } from '@/components/ui/snack';
import { pnrInfoQueryOptions } from '@/features/notifications/api/get-pnr-info';
import { isMainActionDisabled, mainActionOf } from '@/features/notifications/utils/details-rules';
import {
  alertedFlights,
  removalCount,
  removesSegments,
} from '@/features/notifications/utils/segment-removal';
import { formatFlightTime } from '@/lib/format';
import { detailsTexts } from './details-texts';

type MainActionButtonProps = {
  header: NotificationHeader;
  /** The booking's flights, those the notification is about marked. */
  flights: readonly Flight[];
  /** Another action of this notification is running. */
  busy: boolean;
  running: boolean;
  onExecute: (opCode: OperationCode) => void;
};

const segmentLineOf = (flight: Flight) =>
  detailsTexts.segmentToRemove(
    `${flight.airline}${flight.flight_number}`,
    `${flight.from}-${flight.to}`,
    formatFlightTime(flight.departure),
    flight.status,
  );

/**
 * Approve or Confirm (SPEC §4). A reprice first asks the GDS whether the PNR is ticketed, and
 * a ticketed one needs the user's Ok before anything is sent. Removing segments says how many
 * and asks first, naming each, so nothing leaves the PNR unseen (issue 38).
 */
export function MainActionButton({
  header,
  flights,
  busy,
  running,
  onExecute,
}: MainActionButtonProps) {
  const queryClient = useQueryClient();
  const snack = useSnack();
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [askingToRemove, setAskingToRemove] = useState(false);
  const action = mainActionOf(header.type);
  if (!action) return null;
  const removal = removesSegments(action);
  const count = removalCount(flights);
  const named = alertedFlights(flights);
  // A notification stored before its flights were marked names its segment in its title.
  const lines = named.length > 0 ? named.map(segmentLineOf) : [header.title_message];

  const start = async () => {
    if (removal) {
      setAskingToRemove(true);
      return;
    }
    if (action.opCode !== 'RP') {
      onExecute(action.opCode);
      return;
    }
    setChecking(true);
    try {
      const info = await queryClient.fetchQuery(pnrInfoQueryOptions(header.notification_id));
      if (info.is_ticketed) setConfirming(true);
      else onExecute('RP');
    } catch {
      snack.error(errorMessages.operationFailed);
    } finally {
      setChecking(false);
    }
  };

  const confirm = () => {
    setConfirming(false);
    onExecute('RP');
  };

  const remove = () => {
    setAskingToRemove(false);
    onExecute(action.opCode);
  };

  const loading = checking || running;
  return (
    <>
      <Button
        variant="contained"
        disabled={isMainActionDisabled(header, busy || checking)}
        onClick={() => void start()}
        startIcon={loading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        aria-busy={loading}
        aria-haspopup={removal ? 'dialog' : undefined}
      >
        {removal ? detailsTexts.removeSegmentsAction(count) : action.label}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={action.label}
        text={uiTexts.ticketedRepriceWarning}
        closeLabel="Cancel"
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={askingToRemove}
        title={detailsTexts.removeSegmentsQuestion(count)}
        text={
          <>
            {detailsTexts.removeSegmentsText}
            {lines.map((line) => (
              <Box component="span" key={line} sx={{ display: 'block', fontWeight: 'medium' }}>
                {line}
              </Box>
            ))}
          </>
        }
        okLabel={detailsTexts.removeSegmentsOk(count)}
        closeLabel={detailsTexts.keepSegments}
        onConfirm={remove}
        onClose={() => setAskingToRemove(false)}
      />
    </>
  );
}
