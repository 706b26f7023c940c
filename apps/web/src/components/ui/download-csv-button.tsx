import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { errorMessages, uiTexts } from '@smt/shared';
import { useState } from 'react';
import { useSnack } from '@/components/ui/snack';

type DownloadCsvButtonProps = {
  /** Fetches and saves the file; a rejection shows 'Operation failed'. */
  onDownload: () => Promise<void>;
  label?: string;
  disabled?: boolean;
};

/** Shows progress while the file is fetched, and cannot be pressed twice meanwhile. */
export function DownloadCsvButton({
  onDownload,
  label = uiTexts.downloadCsv,
  disabled = false,
}: DownloadCsvButtonProps) {
  const snack = useSnack();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await onDownload();
    } catch {
      snack.error(errorMessages.operationFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outlined"
      disabled={disabled}
      loading={busy}
      loadingPosition="start"
      startIcon={<FileDownloadIcon />}
      aria-busy={busy}
      onClick={() => void download()}
    >
      {label}
    </Button>
  );
}
