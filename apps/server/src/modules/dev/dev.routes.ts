import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDevMessages } from '@/delivery/dev-inbox.repository';
import { normalisePhone } from '@smt/shared';
import { answerLocalCallersOnly } from './local-callers-only';

const InboxMessage = z.object({
  channel: z.enum(['sms', 'email', 'push']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  code: z.string().optional(),
  link: z.string().optional(),
  createdAt: z.string(),
});
const ClockState = z.object({ now: z.string(), offsetMs: z.number() });

/**
 * What local and staging add for people and tests: the inbox of everything sent, and a clock
 * to move. Never registered in production.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dev (local and staging only)'];
  answerLocalCallersOnly(app);

  app.get(
    '/api/dev/inbox',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What was sent to a phone or e-mail address, newest first',
        querystring: z.object({ to: z.string().trim().min(1).max(254) }),
        response: { 200: z.array(InboxMessage) },
      },
    },
    async (request) => {
      const { to } = request.query;
      const recipient = to.includes('@') ? to.toLowerCase() : (normalisePhone(to) ?? to);
      const rows = await listDevMessages(app.database.db, recipient);
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
  );

  const clockState = () => ({ now: app.clock.now().toISOString(), offsetMs: app.clock.offset });

  app.get(
    '/api/dev/clock',
    {
      config: { access: 'public' },
      schema: { tags, summary: "The server's clock", response: { 200: ClockState } },
    },
    async () => clockState(),
  );

  app.post(
    '/api/dev/clock',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Moves the server's clock (expiry tests), or puts it back",
        body: z.union([
          z.object({ advanceMinutes: z.coerce.number().min(-525_600).max(525_600) }),
          z.object({ reset: z.union([z.literal(true), z.literal('true')]) }),
        ]),
        response: { 200: ClockState },
      },
    },
    async (request) => {
      if ('reset' in request.body) app.clock.reset();
      else app.clock.advance(request.body.advanceMinutes * 60_000);
      return clockState();
    },
  );
};
