import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessages, uiTexts } from '@smt/shared';
import { useEffect } from 'react';
import { MessageScreen } from '@/components/errors/message-screen';
import { PageLoader } from '@/components/layout/page-loader';
import {
  isForbidden,
  isSessionRefusal,
  PhoneMissingError,
} from '@/features/auth/api/get-user-details';
import { forceLogout } from '@/features/auth/hooks/use-session-actions';

export const TRY_AGAIN = 'Try again';

type UserDetailsFailureProps = { error: Error; onRetry: () => void; onBackToLogin: () => void };

/**
 * The signed-in user could not be loaded. A session's refusal (401) has already ended the
 * session (the API client's listener); a 403 ends it here and reloads (SPEC §8); anything
 * else says so.
 */
export function UserDetailsFailure({ error, onRetry, onBackToLogin }: UserDetailsFailureProps) {
  const forbidden = isForbidden(error);
  useEffect(() => {
    if (forbidden) void forceLogout();
  }, [forbidden]);

  if (isSessionRefusal(error)) return <PageLoader />;
  const phoneMissing = error instanceof PhoneMissingError;
  return (
    <MessageScreen icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />}>
      <Typography variant="h5" component="h1">
        {phoneMissing ? errorMessages.phoneMissing : errorMessages.yourDataFailed}
      </Typography>
      <Stack direction="row" spacing={2}>
        {!phoneMissing && (
          <Button variant="contained" onClick={onRetry}>
            {TRY_AGAIN}
          </Button>
        )}
        <Button variant={phoneMissing ? 'contained' : 'text'} onClick={onBackToLogin}>
          {uiTexts.backToLogin}
        </Button>
      </Stack>
    </MessageScreen>
  );
}
