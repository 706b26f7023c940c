import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import type { BannerTone } from '@/features/notifications/utils/details-rules';

type DetailsBannerProps = { tone: BannerTone; text: string };

/** A coloured line across the details: red, grey or green (SPEC §2.5). */
export function DetailsBanner({ tone, text }: DetailsBannerProps) {
  if (tone === 'grey') {
    return (
      <Alert
        data-tone={tone}
        icon={<InfoOutlinedIcon fontSize="inherit" />}
        sx={{
          bgcolor: 'action.selected',
          color: 'text.primary',
          '& .MuiAlert-icon': { color: 'text.secondary' },
        }}
      >
        {text}
      </Alert>
    );
  }
  return (
    <Alert data-tone={tone} severity={tone === 'red' ? 'error' : 'success'} variant="filled">
      {text}
    </Alert>
  );
}
