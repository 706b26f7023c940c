import { devCalls, normalisePhone } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { answerLocalCallersOnly } from './local-callers-only';
import { routesUsing } from '@/routes-using';

/**
 * What local and staging add for people and tests: the inbox of everything sent, and a clock
 * to move. Never registered in production.
 */
export const devRoutes = routesUsing(['devTools', 'clock'], async (app, { devTools, clock }) => {
  answerLocalCallersOnly(app);
  const clockState = () => ({ now: clock.now().toISOString(), offsetMs: clock.offset });

  routeCalls(app, { tags: ['dev (local and staging only)'] }, devCalls, {
    inbox: {
      summary: 'What was sent to a phone or e-mail address, newest first',
      handle: async ({ query }) => {
        const { to } = query;
        const recipient = to.includes('@') ? to.toLowerCase() : (normalisePhone(to) ?? to);
        const rows = await devTools.inbox(recipient);
        return rows.map((row) => ({
          channel: row.channel,
          to: row.recipient,
          subject: row.subject,
          text: row.text,
          ...(row.code ? { code: row.code } : {}),
          ...(row.link ? { link: row.link } : {}),
          createdAt: row.createdAt.toISOString(),
        }));
      },
    },
    clock: { summary: "The server's clock", handle: async () => clockState() },
    moveClock: {
      summary: "Moves the server's clock (expiry tests), or puts it back",
      handle: async ({ body }) => {
        if ('reset' in body) clock.reset();
        else clock.advance(body.advanceMinutes * 60_000);
        return clockState();
      },
    },
  });
});
