import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

export const ONBOARDING_TEXTS = {
  title: 'Welcome to SMT',
  text:
    'Start by adding your agency. You will be its manager: next you add its branches with ' +
    'their PCC, then its agents and users, and SMT starts watching their bookings.',
} as const;

/** What a new registered user reads above the agency form they land on (SPEC §4). */
export function OnboardingWelcome() {
  return (
    <Alert severity="info" variant="outlined" sx={{ maxWidth: 640 }}>
      <AlertTitle>{ONBOARDING_TEXTS.title}</AlertTitle>
      {ONBOARDING_TEXTS.text}
    </Alert>
  );
}
