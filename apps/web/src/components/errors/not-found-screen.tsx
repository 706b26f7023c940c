import SearchOffIcon from '@mui/icons-material/SearchOff';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { MessageScreen } from '@/components/errors/message-screen';

export function NotFoundScreen() {
  return (
    <MessageScreen icon={<SearchOffIcon color="disabled" sx={{ fontSize: 56 }} />}>
      <Typography variant="h5" component="h1">
        This page does not exist
      </Typography>
      <Link component={RouterLink} to="/">
        Go to the home page
      </Link>
    </MessageScreen>
  );
}
