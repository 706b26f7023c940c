import LockIcon from '@mui/icons-material/LockOutlined';
import Typography from '@mui/material/Typography';
import { errorMessages } from '@smt/shared';
import { MessageScreen } from '@/components/errors/message-screen';
import { SupportContacts } from '@/components/errors/support-contacts';

type PageAccessDeniedProps = { supportEmail: string; supportPhones: string[] };

/** Shown in place of a page the user's roles do not open (SPEC §2.13). */
export function PageAccessDenied({ supportEmail, supportPhones }: PageAccessDeniedProps) {
  return (
    <MessageScreen icon={<LockIcon color="disabled" sx={{ fontSize: 56 }} />}>
      <Typography variant="h5" component="h1">
        {errorMessages.pageAccessDenied}
      </Typography>
      <SupportContacts email={supportEmail} phones={supportPhones} />
    </MessageScreen>
  );
}
