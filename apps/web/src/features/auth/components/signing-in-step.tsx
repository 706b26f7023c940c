import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { loginTexts } from '@/features/auth/login-texts';

/** Step 4: an e-mail link is being turned into a session. */
export function SigningInStep() {
  return (
    <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 4 }}>
      <CircularProgress aria-hidden />
      <Typography variant="h6" component="h2">
        {loginTexts.signingIn}
      </Typography>
    </Stack>
  );
}
