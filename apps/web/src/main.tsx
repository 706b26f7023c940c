import '@/lib/zod-config';
import { startFirstChunks } from '@/app/first-chunks';

// The app's entry stays small: it asks for the page's chunks at once, beside the app's own
// (React, MUI, the router), which start it (app/start-app.tsx).
startFirstChunks(window.location.pathname);
void import('@/app/start-app');
