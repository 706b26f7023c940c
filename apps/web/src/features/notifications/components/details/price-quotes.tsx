import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { errorMessages } from '@smt/shared';
import { useNotificationPqData } from '@/features/notifications/api/get-notification-pq-data';
import { detailsTexts } from './details-texts';
import { PriceQuoteBlock } from './price-quote-block';

/** The price quotes of a Reprice notification, each in its own block. */
export function PriceQuotes({ notificationId }: { notificationId: number }) {
  const quotes = useNotificationPqData(notificationId);

  if (quotes.isPending) {
    return <Skeleton variant="rounded" height={160} aria-label={detailsTexts.loading} />;
  }
  if (quotes.isError) {
    return (
      <Alert severity="error">
        {errorMessages.genericTitle}. {errorMessages.genericText}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      {quotes.data.map((quote) => (
        <PriceQuoteBlock key={quote.seq_num} notificationId={notificationId} quote={quote} />
      ))}
    </Stack>
  );
}
