import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessages, uiTexts } from '@smt/shared';
import { MessageScreen } from '@/components/errors/message-screen';
import { DEFAULT_FEEDBACK_URL } from '@/config/app-config';

type ErrorScreenProps = { feedbackUrl?: string };

/** Shown when rendering failed; asks the user to report it on the feedback form. */
export function ErrorScreen({ feedbackUrl = DEFAULT_FEEDBACK_URL }: ErrorScreenProps) {
  return (
    <MessageScreen icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />}>
      <Typography variant="h5" component="h1">
        {errorMessages.errorScreenTitle}
      </Typography>
      <Typography color="text.secondary">{errorMessages.errorScreenText}</Typography>
      <Button variant="contained" href={feedbackUrl} target="_blank" rel="noopener noreferrer">
        {uiTexts.reportFeedback}
      </Button>
    </MessageScreen>
  );
}
