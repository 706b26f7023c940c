import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DownloadCsvButton } from '@/components/ui/download-csv-button';

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
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <DownloadCsvButton onDownload={onDownload} />
      </Stack>
      {filters}
    </Stack>
  );
}
