import { defineCall } from './define-call';

// The live stream (decision 045): Server-Sent Events over one long GET, so no JSON answer.
// Signed in like every call (the session headers SA-REGID, SA-DN and SA-EMAIL), so the page
// reads it with fetch, not EventSource (apps/web/src/features/live/api/read-live-stream.ts).

export const liveCalls = {
  live: defineCall({
    method: 'GET',
    path: 'live',
    access: 'signedIn',
    refusals: ['live.too-many-for-user', 'live.too-many-for-address'],
  }),
};

/** The live stream's path under /api, for a caller that names it (a test, say). */
export const LIVE_CALL = liveCalls.live.path;
