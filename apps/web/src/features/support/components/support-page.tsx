import EmailIcon from '@mui/icons-material/EmailOutlined';
import FeedbackIcon from '@mui/icons-material/FeedbackOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { SUPPORT_TEXTS } from '@/features/support/utils/support-texts';

type SupportPageProps = {
  email: string;
  phones: readonly string[];
  feedbackUrl: string;
  helpPath: string;
  documentsPath: string;
};

function Channel(props: { icon: ReactNode; title: string; text: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={props.title}
      sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ color: 'primary.main', display: 'flex', flexShrink: 0 }}>{props.icon}</Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {props.title}
          </Typography>
          <Typography color="text.secondary">{props.text}</Typography>
          {props.children}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Keeps the plus and the digits: what a dialler needs of '+972-3-000-0000'. */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** `/support`: the deployment's support contacts and its feedback form (SPEC §2.13). */
export function SupportPage({
  email,
  phones,
  feedbackUrl,
  helpPath,
  documentsPath,
}: SupportPageProps) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h1">
          {SUPPORT_TEXTS.title}
        </Typography>
        <Typography color="text.secondary">{SUPPORT_TEXTS.intro}</Typography>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 400px), 1fr))',
          gap: 2,
        }}
      >
        <Channel
          icon={<EmailIcon />}
          title={SUPPORT_TEXTS.emailTitle}
          text={SUPPORT_TEXTS.emailText}
        >
          <Link href={`mailto:${email}`} sx={{ overflowWrap: 'anywhere' }}>
            {email}
          </Link>
        </Channel>
        {phones.length > 0 && (
          <Channel
            icon={<PhoneIcon />}
            title={SUPPORT_TEXTS.phoneTitle}
            text={SUPPORT_TEXTS.phoneText}
          >
            <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {phones.map((phone) => (
                <li key={phone}>
                  <Link href={telOf(phone)}>{phone}</Link>
                </li>
              ))}
            </Stack>
          </Channel>
        )}
        <Channel
          icon={<FeedbackIcon />}
          title={SUPPORT_TEXTS.feedbackTitle}
          text={SUPPORT_TEXTS.feedbackText}
        >
          <Box>
            <Button variant="outlined" href={feedbackUrl} target="_blank" rel="noopener noreferrer">
              {SUPPORT_TEXTS.feedbackLink}
              <VisuallyHidden>{` ${SUPPORT_TEXTS.newTab}`}</VisuallyHidden>
            </Button>
          </Box>
        </Channel>
        <Channel
          icon={<HelpIcon />}
          title={SUPPORT_TEXTS.selfHelpTitle}
          text={SUPPORT_TEXTS.selfHelpText}
        >
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" component={RouterLink} to={helpPath}>
              {SUPPORT_TEXTS.helpLink}
            </Button>
            <Button variant="outlined" component={RouterLink} to={documentsPath}>
              {SUPPORT_TEXTS.documentsLink}
            </Button>
          </Stack>
        </Channel>
      </Box>
    </Stack>
  );
}
