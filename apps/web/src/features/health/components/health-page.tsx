import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { HEALTH_REFRESH_MS, ROUTES } from '@smt/shared';
import { format } from 'date-fns';
import { DownloadCsvButton } from '@/components/ui/download-csv-button';
import { RetryAlert } from '@/components/ui/retry-alert';
import { downloadHealthSubscriptionsCsv } from '@/features/health/api/download-health-subscriptions-csv';
import { useEngineHealth } from '@/features/health/api/get-engine-health';
import { EngineErrors } from './engine-errors';
import { EngineFigure } from './engine-figure';
import { healthTexts } from './health-texts';

/** `/management/tools/health`: the engine's state, refreshed while open, and the CSV. */
export function HealthPage() {
  const health = useEngineHealth();
  const status = health.data;

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {ROUTES.health.title}
      </Typography>
      <Stack component="section" spacing={2} aria-labelledby="engine-heading">
        <Typography id="engine-heading" variant="h6" component="h2">
          {healthTexts.engine}
        </Typography>
        {health.isError && !status && (
          <RetryAlert
            message={healthTexts.cantLoad}
            onRetry={() => void health.refetch()}
            retrying={health.isFetching}
          />
        )}
        {health.isPending && <CircularProgress aria-label={healthTexts.engine} />}
        {status && (
          <>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: {
                  xs: '1fr',
                  sm: 'repeat(2, minmax(0, 1fr))',
                  md: 'repeat(4, 1fr)',
                },
              }}
            >
              <EngineFigure
                label={healthTexts.bookingsMonitored}
                value={status.bookingsMonitored}
              />
              <EngineFigure
                label={healthTexts.checkedLastMinute}
                value={status.checkedLastMinute}
              />
              <EngineFigure
                label={healthTexts.upToDate}
                value={healthTexts.upToDateOf(status.upToDate, status.bookingsMonitored)}
                caption={healthTexts.upToDateMeans}
              />
              <EngineFigure label={healthTexts.queueDepth} value={status.queueDepth} />
            </Box>
            <Typography variant="subtitle1" component="h3">
              {healthTexts.deliveries}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, 1fr)' },
              }}
            >
              <EngineFigure label={healthTexts.pending} value={status.deliveries.pending} />
              <EngineFigure label={healthTexts.sending} value={status.deliveries.sending} />
              <EngineFigure label={healthTexts.sent} value={status.deliveries.sent} />
              <EngineFigure
                label={healthTexts.sentLastMinute}
                value={status.deliveries.sentLastMinute}
              />
              <EngineFigure label={healthTexts.failed} value={status.deliveries.failed} />
              <EngineFigure label={healthTexts.dead} value={status.deliveries.dead} />
            </Box>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h3">
                {healthTexts.lastErrors}
              </Typography>
              <EngineErrors errors={status.lastErrors} />
            </Paper>
            <Typography variant="caption" color="text.secondary">
              {healthTexts.updatedAt(
                format(health.dataUpdatedAt, 'HH:mm:ss'),
                HEALTH_REFRESH_MS / 1000,
              )}
            </Typography>
          </>
        )}
      </Stack>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="subscriptions-heading"
        sx={{ p: 2 }}
      >
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography id="subscriptions-heading" variant="h6" component="h2">
            {healthTexts.subscriptions}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {healthTexts.subscriptionsText}
          </Typography>
          <DownloadCsvButton onDownload={downloadHealthSubscriptionsCsv} />
        </Stack>
      </Paper>
    </Stack>
  );
}
