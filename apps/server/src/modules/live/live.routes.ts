import { LIVE_EVENTS, LIVE_HEARTBEAT_MS, liveCalls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { STREAMS_PER_ADDRESS, STREAMS_PER_USER } from './live-hub';
import { routesUsing } from '@/routes-using';

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
export const liveRoutes = routesUsing(['live', 'sessions'], async (app, { live, sessions }) => {
  routeCalls(app, { tags: ['live'] }, liveCalls, {
    live: {
      summary: 'Server-Sent Events: notifications raised or changed in the caller’s scope',
      description:
        `\`event: ${LIVE_EVENTS.ready}\` once changes are heard, then ` +
        `\`event: ${LIVE_EVENTS.notifications}\` with \`{"latestId":n}\` (at most one each ` +
        `250 ms), and a comment every ${LIVE_HEARTBEAT_MS / 1000} s. It ends, on every ` +
        'process within seconds, with its session (signed out, revoked, idle or expired) and ' +
        'when its user is changed, disabled or deleted; when its access token expires; when ' +
        'the database stops being heard; and when its session opens another while the person ' +
        `holds ${STREAMS_PER_USER}. A person's stream beyond ${STREAMS_PER_USER} from another ` +
        `session, or an address's beyond ${STREAMS_PER_ADDRESS}, is refused 429 RATE_LIMITED. ` +
        'Read it with fetch, as EventSource cannot send the session headers.',
      produces: ['text/event-stream'],
      handle: async (_input, request, reply) => {
        const auth = authOf(request);
        await live.start();
        const raw = reply.raw;
        // The answer starts with the stream's first bytes, or once it is open: a stream the
        // hub refuses (too many) is answered as any refusal is, in the error shape.
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          reply.hijack();
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
        };
        const stream = live.open({
          sessionId: auth.sessionId,
          realUserId: auth.realUser.id,
          userId: auth.user.id,
          address: request.ip,
          scope: auth.scope,
          endsAt: tokenExpiry(request.headers['sa-regid']),
          recheck: () => sessions.liveUntil(auth.sessionId),
          sink: {
            write: (chunk) => {
              start();
              if (raw.writableLength > MAX_BACKLOG_BYTES) raw.destroy();
              else raw.write(chunk);
            },
            end: () => {
              start();
              raw.end();
              setTimeout(() => raw.destroy(), END_GRACE_MS).unref();
            },
          },
        });
        start();
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
});
