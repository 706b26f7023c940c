import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { errorMessages } from '@smt/shared';
import { EmptyState } from '@/components/ui/empty-state';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { ApiError } from '@/lib/api-client';

type PnrDetailsErrorProps = { error: unknown; onRetry: () => void; retrying: boolean };

/** The server's own words, when it gave any (the client says 'Something has happened' else). */
function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.fromServer && error.message ? error.message : undefined;
}

/**
 * The generic error view of SPEC §8: 'Something has happened / Please try again later', or
 * the server's message.
 */
export function PnrDetailsError({ error, onRetry, retrying }: PnrDetailsErrorProps) {
  return (
    <Box sx={{ textAlign: 'center', pb: 2 }}>
      <EmptyState
        icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />}
        title={errorMessages.genericTitle}
        text={serverMessage(error) ?? errorMessages.genericText}
      />
      <Button variant="outlined" loading={retrying} onClick={onRetry}>
        {pnrTexts.retry}
      </Button>
    </Box>
  );
}
