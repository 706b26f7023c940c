import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { OutlinedField } from '@/components/ui/outlined-field';
import { ResendButton } from '@/features/auth/components/resend-button';
import { StepHeading } from '@/features/auth/components/step-heading';
import { loginTexts } from '@/features/auth/login-texts';

type SmsCodeStepProps = {
  phone: string;
  /** The server's message for the last code, shown as it is. */
  error: string | null;
  confirming: boolean;
  resendAllowedAt: number;
  resending: boolean;
  resendError: string | null;
  onConfirm: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
};

/** Step 3: the code the SMS brought. */
export function SmsCodeStep({
  phone,
  error,
  confirming,
  resendAllowedAt,
  resending,
  resendError,
  onConfirm,
  onResend,
  onBack,
}: SmsCodeStepProps) {
  const [code, setCode] = useState('');
  const empty = code.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty && !confirming) onConfirm(code.trim());
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <StepHeading title={loginTexts.smsTitle}>{loginTexts.smsText(phone)}</StepHeading>
        <OutlinedField
          label={loginTexts.smsCodeLabel}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          error={error ?? undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={empty || confirming}
          loading={confirming}
        >
          {loginTexts.confirm}
        </Button>
        {resendError && <Alert severity="error">{resendError}</Alert>}
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Button variant="text" onClick={onBack} disabled={confirming}>
            {loginTexts.back}
          </Button>
          <ResendButton allowedAt={resendAllowedAt} pending={resending} onResend={onResend} />
        </Stack>
      </Stack>
    </Box>
  );
}
