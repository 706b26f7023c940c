import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SABRE_ENVIRONMENT_LABELS, type ConnectionItem } from '@smt/shared';
import { connectionsTexts as texts } from './connections-texts';

type SabreSignInProps = { connection: ConnectionItem };

/**
 * What a Sabre connection signs in with and reads: its environment, EPR and PCC, the agency's
 * DK, the PCCs watched and the queues read on them. Never its password.
 */
export function SabreSignIn({ connection }: SabreSignInProps) {
  const { environment, username, signInPcc, customerNumber, queues, watchedPccs } = connection;
  const lines = [
    environment && SABRE_ENVIRONMENT_LABELS[environment],
    username && signInPcc && texts.eprAt(username, signInPcc),
    customerNumber && texts.dk(customerNumber),
    watchedPccs.length > 0 ? texts.watchedPccsOf(watchedPccs) : texts.noWatchedPccs,
    queues && texts.queuesList(queues),
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  // Lines break between words only: 'Certification' and a PCC stay whole.
  return (
    <Stack component="span" spacing={0.25}>
      {lines.map((line) => (
        <Typography key={line} component="span" variant="body2">
          {line}
        </Typography>
      ))}
    </Stack>
  );
}
