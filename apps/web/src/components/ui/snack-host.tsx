import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isSnackWanted, onSnackWanted } from '@/components/ui/snack-queue';

// notistack is a tenth of the first screen's script and most visits show no snack: it loads
// with the first one.
const SnackbarHost = lazy(async () => ({
  default: (await import('@/components/ui/snackbar-host')).SnackbarHost,
}));

/** Where the app's snacks appear, once one has been asked for. */
export function SnackHost() {
  const wanted = useSyncExternalStore(onSnackWanted, isSnackWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarHost />
    </Suspense>
  );
}
