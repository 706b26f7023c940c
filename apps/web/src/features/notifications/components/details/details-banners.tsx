import Stack from '@mui/material/Stack';
import { uiTexts, type NotificationDetails } from '@smt/shared';
import { repriceBannerOf } from '@/features/notifications/utils/details-rules';
import { DetailsBanner } from './details-banner';

type DetailsBannersProps = { details: NotificationDetails };

/** A finished reprice's outcome and a cancelled PNR, above everything else. */
export function DetailsBanners({ details }: DetailsBannersProps) {
  const reprice = repriceBannerOf(details.header);
  const cancelled = details.data.pnr.is_cancelled;
  if (!reprice && !cancelled) return null;
  return (
    <Stack spacing={1}>
      {reprice && <DetailsBanner tone={reprice.tone} text={reprice.text} />}
      {cancelled && <DetailsBanner tone="red" text={uiTexts.pnrCancelled} />}
    </Stack>
  );
}
