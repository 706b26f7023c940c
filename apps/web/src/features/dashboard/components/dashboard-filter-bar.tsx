import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { DownloadCsvButton } from '@/components/ui/download-csv-button';
import { downloadSubscriptionReport } from '@/features/dashboard/api/download-subscription-report';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

type DashboardFilterBarProps = {
  /** The Agencies, Branches and Agents menus. */
  organisationFilter: ReactNode;
  /** The date filters, where the view has them. */
  dateFilters?: ReactNode;
  /** The agencies the subscription report covers; none means every one. */
  subscriptionAgencies: readonly number[];
};

/** Whose notifications and when, with the subscription report beside them (SPEC §2.6). */
export function DashboardFilterBar({
  organisationFilter,
  dateFilters,
  subscriptionAgencies,
}: DashboardFilterBarProps) {
  return (
    <Stack component="section" aria-label={DASHBOARD_TEXTS.filters} spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        sx={{ alignItems: { md: 'flex-start' }, gap: 2 }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>{organisationFilter}</Box>
        <Box sx={{ alignSelf: { xs: 'flex-start', md: 'auto' } }}>
          <DownloadCsvButton
            label={DASHBOARD_TEXTS.subscriptionReport}
            onDownload={() => downloadSubscriptionReport(subscriptionAgencies)}
          />
        </Box>
      </Stack>
      {dateFilters}
    </Stack>
  );
}
