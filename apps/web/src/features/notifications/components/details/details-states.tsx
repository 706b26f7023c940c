import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { errorMessages, uiTexts } from '@smt/shared';
import { EmptyState } from '@/components/ui/empty-state';
import { detailsTexts } from './details-texts';

export function DetailsLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={detailsTexts.loading} />
    </Box>
  );
}

/** The notification is gone (deleted, withdrawn, or never the user's to see). */
export function DetailsNotAvailable() {
  return <EmptyState title={uiTexts.noDataAvailable} text={detailsTexts.selectAnother} />;
}

export function DetailsError({ onRetry }: { onRetry?: () => void }) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <EmptyState
        icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />}
        title={errorMessages.genericTitle}
        text={errorMessages.genericText}
      />
      {onRetry && (
        <Button variant="outlined" onClick={onRetry}>
          {detailsTexts.retry}
        </Button>
      )}
    </Box>
  );
}

/** What the error boundary shows when the details fail to render. */
export function DetailsCrashed() {
  return (
    <EmptyState
      icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />}
      title={errorMessages.detailsFailed}
    />
  );
}
