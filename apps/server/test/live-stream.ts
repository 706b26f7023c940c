import { randomBytes } from 'node:crypto';
import { LIVE_CALL } from '@smt/shared';
import { sql } from 'drizzle-orm';
import type { App } from '@/app';
import { queryRows, type Db } from '@/db/client';
import type { Placement } from '@/db/scope';

// The live stream as the page reads it (fetch, not EventSource: the session rides in headers),
// and notifications raised as the engine raises them, straight into the table.

export type SseEvent = { event: string; data: string };

export type LiveStream = {
  status: number;
  headers: Headers;
  /** The body when the answer is not a stream (a refusal). */
  text: () => Promise<string>;
  /** The next event, skipping comments; null once the stream has ended. Throws after `ms`. */
  next: (ms?: number) => Promise<SseEvent | null>;
  /** Resolves once the server has ended the stream, whatever events came before. Throws after `ms`. */
  ended: (ms?: number) => Promise<void>;
  /** Comments (heartbeats) seen so far. */
  comments: () => number;
  close: () => void;
};

/** Where an app listening on port 0 answers. */
export async function listening(app: App): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Opens GET /api/live at `baseUrl` with the given session headers. */
export async function openLive(baseUrl: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/${LIVE_CALL}`, { headers, signal: abort.signal });
  // Taken at the first read, so that a refusal's body can still be read as text.
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  let comments = 0;
  let done = false;
  let reading: Promise<void> | null = null;

  const parse = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments += 1;
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0 || event !== 'message') events.push({ event, data: data.join('\n') });
  };

  const pump = async () => {
    reader ??= res.body?.getReader();
    if (!reader) {
      done = true;
      return;
    }
    try {
      const { value, done: finished } = await reader.read();
      if (finished) {
        done = true;
        return;
      }
      buffer += decoder.decode(value, { stream: true });
    } catch {
      done = true;
      return;
    }
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      parse(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 2);
    }
  };

  const readMore = () => {
    reading ??= pump().finally(() => {
      reading = null;
    });
    return reading;
  };

  const stream: LiveStream = {
    status: res.status,
    headers: res.headers,
    text: () => res.text(),
    next: async (ms = 10_000) => {
      const deadline = Date.now() + ms;
      while (events.length === 0 && !done) {
        await withTimeout(readMore(), Math.max(1, deadline - Date.now()), 'no live event');
      }
      return events.shift() ?? null;
    },
    ended: async (ms = 10_000) => {
      const deadline = Date.now() + ms;
      while (!done) {
        await withTimeout(readMore(), Math.max(1, deadline - Date.now()), 'the stream did not end');
      }
    },
    comments: () => comments,
    close: () => abort.abort(),
  };
  return stream;
}

/** Where a demo user's agent sits. */
export async function placementOf(db: Db, email: string): Promise<Placement> {
  const [row] = await queryRows<{ agency_id: number; branch_id: number; agent_id: number }>(
    db,
    sql`select agency_id, branch_id, agent_id from users where lower(email) = ${email}`,
  );
  if (!row) throw new Error(`no user ${email}`);
  return { agencyId: row.agency_id, branchId: row.branch_id, agentId: row.agent_id };
}

/**
 * A booking of the agent and one notification on it, in one statement each as the engine
 * writes them (monitoring/notification-writer.ts); answers the notification's id.
 */
export async function raiseNotification(db: Db, place: Placement): Promise<number> {
  const pnr = randomBytes(3).toString('hex').toUpperCase();
  const [booking] = await queryRows<{ id: number }>(
    db,
    sql`insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at)
        values ('live-test', ${pnr}, ${place.agencyId}, ${place.branchId}, ${place.agentId}, now())
        returning id`,
  );
  if (!booking) throw new Error('no booking made');
  const [notification] = await queryRows<{ id: number | string }>(
    db,
    sql`insert into notifications (booking_id, agency_id, branch_id, agent_id, type, "group",
          title, notification_time, payload, data, dedupe_key)
        values (${booking.id}, ${place.agencyId}, ${place.branchId}, ${place.agentId},
          'TicketingDue', 'TICKETING_DUE', 'Ticketing due', now(), '{}', '{}', ${`live-${pnr}`})
        returning id`,
  );
  if (!notification) throw new Error('no notification made');
  return Number(notification.id);
}
