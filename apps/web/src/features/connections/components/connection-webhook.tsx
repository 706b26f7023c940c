import { Fragment } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { errorMessages, successMessages } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { connectionsTexts as texts } from './connections-texts';

type ConnectionWebhookProps = {
  /** The webhook's path under this server, as the connection gives it. */
  path: string;
  /** The connection's name, for the copy button's. */
  name: string;
};

/**
 * Where the provider should send the connection's webhooks: the API is served from the app's
 * own origin, so the full address is that origin and the path. It is pasted into Duffel's
 * dashboard, hence the copy button.
 */
export function ConnectionWebhook({ path, name }: ConnectionWebhookProps) {
  const snack = useSnack();
  const url = `${window.location.origin}${path}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard outside a secure context, or the browser refused it.
      snack.error(errorMessages.operationFailed);
      return;
    }
    snack.success(successMessages.copiedToClipboard);
  };

  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ alignItems: 'center' }}>
      <Typography
        component="span"
        variant="body2"
        // A long address breaks after its slashes rather than inside a word.
        sx={{ fontFamily: 'monospace', wordBreak: 'normal', overflowWrap: 'normal' }}
      >
        {url.split('/').map((part, index) => (
          <Fragment key={index}>
            {index > 0 && '/'}
            {index > 0 && <wbr />}
            {part}
          </Fragment>
        ))}
      </Typography>
      <Tooltip title={texts.copy}>
        <IconButton size="small" aria-label={texts.copyWebhookOf(name)} onClick={() => void copy()}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
