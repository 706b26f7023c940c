import StorageIcon from '@mui/icons-material/Storage';
import Typography from '@mui/material/Typography';
import { errorMessages } from '@smt/shared';
import { MessageScreen } from '@/components/errors/message-screen';

/** The only thing rendered when local storage does not work: the app cannot keep a session. */
export function StorageUnavailableScreen() {
  return (
    <MessageScreen icon={<StorageIcon color="disabled" sx={{ fontSize: 56 }} />}>
      <Typography variant="h6" component="h1">
        {errorMessages.storageUnavailable}
      </Typography>
    </MessageScreen>
  );
}
