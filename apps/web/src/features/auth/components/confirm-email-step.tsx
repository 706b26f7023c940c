import Stack from '@mui/material/Stack';
import { LoginForm } from '@/features/auth/components/login-form';
import type { LoginFormValues } from '@/features/auth/utils/login-form-values';
import { StepHeading } from '@/features/auth/components/step-heading';
import type { SignInRequest } from '@/features/auth/hooks/use-send-sign-in';
import { loginTexts } from '@/features/auth/login-texts';

type ConfirmEmailStepProps = {
  initialValues: LoginFormValues;
  onConfirm: (request: SignInRequest, values: LoginFormValues) => void;
};

/**
 * A link opened where this browser saved no details: the e-mail completes the link, and the
 * phone is what every signed-in call names the user by.
 */
export function ConfirmEmailStep({ initialValues, onConfirm }: ConfirmEmailStepProps) {
  return (
    <Stack spacing={2.5}>
      <StepHeading title={loginTexts.confirmEmailTitle}>{loginTexts.confirmEmailText}</StepHeading>
      <LoginForm
        mode="confirm"
        initialValues={initialValues}
        pendingChannel={null}
        onSubmit={onConfirm}
      />
    </Stack>
  );
}
