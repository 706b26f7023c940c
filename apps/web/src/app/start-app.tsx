import { APP_BASE_PATH } from '@smt/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { AppThemeProvider } from '@/app/providers';
import { isLoginPath } from '@/app/router';
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
  .then(() => {
    const root = createRoot(container);
    const render = () =>
      root.render(
        <StrictMode>
          {storageAvailable ? (
            <App queryClient={queryClient} />
          ) : (
            <AppThemeProvider>
              <StorageUnavailableScreen />
            </AppThemeProvider>
          )}
        </StrictMode>,
      );
    // A signed-in page's first render (the shell and the page at once) is the longest work of
    // its load: as a transition React does it in slices of a few milliseconds, so that the
    // phone's main thread is not blocked for its whole length (issue 39). The sign-in form
    // renders at once: it reads what was typed in the document's form, and keys typed while
    // a sliced render went on would be lost when it replaced that form.
    if (isLoginPath(window.location.pathname, APP_BASE_PATH)) render();
    else startTransition(render);
  });
