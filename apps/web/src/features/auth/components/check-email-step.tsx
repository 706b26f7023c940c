import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ResendButton } from '@/features/auth/components/resend-button';
import { StepHeading } from '@/features/auth/components/step-heading';
import { loginTexts } from '@/features/auth/login-texts';

type CheckEmailStepProps = {
  email: string;
  resendAllowedAt: number;
  resending: boolean;
  resendError: string | null;
  onResend: () => void;
  onBack: () => void;
};

/** Step 2: the link is on its way. */
export function CheckEmailStep({
  email,
  resendAllowedAt,
  resending,
  resendError,
  onResend,
  onBack,
}: CheckEmailStepProps) {
  return (
    <Stack spacing={2.5}>
      <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 48 }} />
      <StepHeading title={loginTexts.checkEmailTitle}>
        {loginTexts.checkEmailText(email)}
      </StepHeading>
      {resendError && <Alert severity="error">{resendError}</Alert>}
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Button variant="text" onClick={onBack}>
          {loginTexts.back}
        </Button>
        <ResendButton allowedAt={resendAllowedAt} pending={resending} onResend={onResend} />
      </Stack>
    </Stack>
  );
}
