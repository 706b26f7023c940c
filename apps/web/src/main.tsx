import '@/lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { AppThemeProvider } from '@/app/providers';
import { StorageUnavailableScreen } from '@/components/errors/storage-unavailable-screen';
import { isLocalStorageAvailable } from '@/lib/storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    {isLocalStorageAvailable() ? (
      <App />
    ) : (
      <AppThemeProvider>
        <StorageUnavailableScreen />
      </AppThemeProvider>
    )}
  </StrictMode>,
);
