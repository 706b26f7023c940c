import Button from '@mui/material/Button';
import { useSecondsLeft } from '@/features/auth/hooks/use-seconds-left';
import { loginTexts } from '@/features/auth/login-texts';

type ResendButtonProps = { allowedAt: number; pending: boolean; onResend: () => void };

/** 'Send again', held back until the server's resend delay has passed. */
export function ResendButton({ allowedAt, pending, onResend }: ResendButtonProps) {
  const secondsLeft = useSecondsLeft(allowedAt);
  return (
    <Button variant="text" loading={pending} disabled={secondsLeft > 0} onClick={onResend}>
      {secondsLeft > 0 ? loginTexts.sendAgainIn(secondsLeft) : loginTexts.sendAgain}
    </Button>
  );
}
