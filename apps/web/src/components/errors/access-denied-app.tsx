import BlockIcon from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessages, uiTexts } from '@smt/shared';
import { MessageScreen } from '@/components/errors/message-screen';
import { SupportContacts } from '@/components/errors/support-contacts';

type AppAccessDeniedProps = {
  supportEmail: string;
  supportPhones: string[];
  onBackToLogin: () => void;
};

/** Shown instead of the whole app to a user with no role the app knows (SPEC §5, §2.13). */
export function AppAccessDenied({
  supportEmail,
  supportPhones,
  onBackToLogin,
}: AppAccessDeniedProps) {
  return (
    <MessageScreen icon={<BlockIcon color="error" sx={{ fontSize: 56 }} />}>
      <Typography variant="h5" component="h1">
        {errorMessages.appAccessDenied}
      </Typography>
      <SupportContacts email={supportEmail} phones={supportPhones} />
      <Button variant="contained" onClick={onBackToLogin}>
        {uiTexts.backToLogin}
      </Button>
    </MessageScreen>
  );
}
