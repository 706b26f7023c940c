import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConnectionTestResult } from '@smt/shared';
import { formatDateTime } from '@/lib/format';
import { connectionsTexts as texts } from './connections-texts';

type ConnectionLastTestProps = { test: ConnectionTestResult | null };

/** The last test of a connection's token: passed or not, what the provider said, and when. */
export function ConnectionLastTest({ test }: ConnectionLastTestProps) {
  if (test === null) return texts.none;
  return (
    <Stack component="span" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        color={test.ok ? 'success' : 'error'}
        variant="outlined"
        label={test.ok ? texts.passed : texts.failed}
      />
      <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {test.message}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary">
        {formatDateTime(test.at)}
      </Typography>
    </Stack>
  );
}
