import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { AppThemeProvider } from '@/app/providers';
import { startPageLoad } from '@/app/start';
import { StorageUnavailableScreen } from '@/components/errors/storage-unavailable-screen';
import { keepTypedBeforeStart } from '@/features/auth/utils/typed-before-start';
import { createQueryClient } from '@/lib/query-client';
import { isLocalStorageAvailable } from '@/lib/storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const storageAvailable = isLocalStorageAvailable();
const queryClient = createQueryClient();
// The session, the user and the page's code start loading now, side by side, not each once
// the one before is answered and rendered.
const firstChunks = storageAvailable
  ? startPageLoad(queryClient, window.location.pathname)
  : Promise.resolve();
// The sign-in page's document paints its form before this script runs; what was typed there
// carries over into the app's own form, which replaces it.
keepTypedBeforeStart(container);

// The document's screen stays until the chunk that shows the same is in: React then replaces
// it with that, not with a loading mark. A chunk that failed is the router's to report.
void firstChunks
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        {storageAvailable ? (
          <App queryClient={queryClient} />
        ) : (
          <AppThemeProvider>
            <StorageUnavailableScreen />
          </AppThemeProvider>
        )}
      </StrictMode>,
    ),
  );
