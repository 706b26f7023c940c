import { LIVE_EVENTS, LIVE_HEARTBEAT_MS, liveCalls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCalls } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';

// A client that stops reading is let go before its backlog grows: events are a few bytes.
const MAX_BACKLOG_BYTES = 64 * 1024;
// An ended stream whose last bytes a client does not take is cut after this.
const END_GRACE_MS = 2_000;

/**
 * The access token's expiry: `<session>.<expiry in epoch seconds>.<signature>`
 * (modules/auth/access-token.ts), checked by the time a handler runs.
 */
function tokenExpiry(token: string | string[] | undefined): Date | null {
  const seconds = typeof token === 'string' ? Number(token.split('.')[1]) : Number.NaN;
  return Number.isFinite(seconds) ? new Date(seconds * 1000) : null;
}

/** The live stream: Server-Sent Events telling a signed-in page what changed (decision 045). */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  routeCalls(app, { tags: ['live'] }, liveCalls, {
    live: {
      summary: 'Server-Sent Events: notifications raised or changed in the caller’s scope',
      description:
        `\`event: ${LIVE_EVENTS.ready}\` once changes are heard, then ` +
        `\`event: ${LIVE_EVENTS.notifications}\` with \`{"latestId":n}\` (at most one each ` +
        `250 ms), and a comment every ${LIVE_HEARTBEAT_MS / 1000} s. It ends with the ` +
        'session, when its access token expires, when a sixth stream of the session opens, ' +
        'and when the database stops being heard; read it with fetch, as EventSource cannot ' +
        'send the session headers.',
      produces: ['text/event-stream'],
      handle: async (_input, request, reply) => {
        const auth = authOf(request);
        await app.live.start();
        reply.hijack();
        const raw = reply.raw;
        // Hijacked: the headers the hooks set so far (security, request id) are written here.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) raw.setHeader(name, value);
        }
        raw.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
        });
        const stream = app.live.open({
          sessionId: auth.sessionId,
          scope: auth.scope,
          endsAt: tokenExpiry(request.headers['sa-regid']),
          sink: {
            write: (chunk) => {
              if (raw.writableLength > MAX_BACKLOG_BYTES) raw.destroy();
              else raw.write(chunk);
            },
            end: () => {
              raw.end();
              setTimeout(() => raw.destroy(), END_GRACE_MS).unref();
            },
          },
        });
        raw.on('close', () => stream.close());
        if (raw.destroyed) stream.close();
        // Hijacked: Fastify leaves the reply to the stream above.
        return reply;
      },
      options: {
        // An open stream is not the person doing anything: the session idles as it would.
        onRequest: async (request) => {
          request.raw.headers['x-smt-background'] = '1';
        },
      },
    },
  });
};
