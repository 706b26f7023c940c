import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Media, PROCESS_LABELS, SUBSCRIPTION_PROCESSES } from '@smt/shared';
import { channelKey } from '@/features/subscriptions/utils/subscription-rows';
import { MEDIA_LABELS, subscriptionTexts } from '@/features/subscriptions/utils/subscription-texts';
import type { SubscriptionViewProps } from './subscription-view-props';

/** The table on large screens: a row per branch or agent, an Email and a Push tick per process. */
export function SubscriptionTable({ rows, viewOf, onToggle, onRemove }: SubscriptionViewProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={subscriptionTexts.tableLabel}>
        <TableHead>
          <TableRow>
            <TableCell rowSpan={2}>{subscriptionTexts.nameColumn}</TableCell>
            {SUBSCRIPTION_PROCESSES.map((process) => (
              <TableCell
                key={process}
                colSpan={Media.options.length}
                align="center"
                sx={{ borderLeft: 1, borderColor: 'divider', pb: 0 }}
              >
                {PROCESS_LABELS[process]}
              </TableCell>
            ))}
            <TableCell rowSpan={2} align="right">
              {subscriptionTexts.removeColumn}
            </TableCell>
          </TableRow>
          <TableRow>
            {SUBSCRIPTION_PROCESSES.flatMap((process) =>
              Media.options.map((media, index) => (
                <TableCell
                  key={channelKey(process, media)}
                  align="center"
                  sx={{
                    px: 0.5,
                    color: 'text.secondary',
                    borderLeft: index === 0 ? 1 : 0,
                    borderLeftColor: 'divider',
                  }}
                >
                  {MEDIA_LABELS[media]}
                </TableCell>
              )),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const view = viewOf(row);
            return (
              <TableRow key={row.key} hover>
                <TableCell sx={{ minWidth: 160 }}>
                  <Typography variant="body2">{view.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {view.detail}
                  </Typography>
                </TableCell>
                {SUBSCRIPTION_PROCESSES.flatMap((process) =>
                  Media.options.map((media, index) => (
                    <TableCell
                      key={channelKey(process, media)}
                      align="center"
                      padding="none"
                      title={view.isActive(process) ? undefined : subscriptionTexts.notRunning}
                      sx={{ borderLeft: index === 0 ? 1 : 0, borderLeftColor: 'divider' }}
                    >
                      <Checkbox
                        size="small"
                        checked={row.ticked.has(channelKey(process, media))}
                        disabled={!view.editable || !view.isActive(process)}
                        onChange={(_, checked) => onToggle(row, process, media, checked)}
                        slotProps={{
                          input: {
                            'aria-label': subscriptionTexts.tick(
                              view.name,
                              PROCESS_LABELS[process],
                              media,
                            ),
                          },
                        }}
                      />
                    </TableCell>
                  )),
                )}
                <TableCell align="right">
                  {view.editable && (
                    <Tooltip title={subscriptionTexts.remove(view.name)}>
                      <IconButton
                        aria-label={subscriptionTexts.remove(view.name)}
                        onClick={() => onRemove(row)}
                        size="small"
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
