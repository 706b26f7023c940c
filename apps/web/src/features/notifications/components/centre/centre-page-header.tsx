import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { DownloadCsvButton } from '@/components/ui/download-csv-button';
import { PageHeader } from '@/components/ui/page-header';

type CentrePageHeaderProps = {
  title: string;
  onDownload: () => Promise<void>;
  /** The organisation controls the route composes in. */
  filters?: ReactNode;
};

/** The page's heading, its CSV download and whose notifications it shows. */
export function CentrePageHeader({ title, onDownload, filters }: CentrePageHeaderProps) {
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeader title={title}>
        <DownloadCsvButton onDownload={onDownload} />
      </PageHeader>
      {filters}
    </Stack>
  );
}
