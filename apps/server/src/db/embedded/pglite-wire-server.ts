import { chmodSync } from 'node:fs';
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

// PGlite is one PostgreSQL backend. Served over the wire protocol to several connections, a
// connection must have it alone from the first message of a request until the backend is idle
// again (ReadyForQuery 'I'): between the Parse and the Bind of one connection another's Parse
// would replace the unnamed statement, and inside a transaction another's query would run in
// it. @electric-sql/pglite-socket queues message by message, so its connections can do
// exactly that; this server queues whole connections (decision 047).

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

/** One connection at a time holds the backend; the rest wait in arrival order. */
class BackendTurns {
  private holder: number | null = null;
  private readonly waiting: { id: number; grant: () => void }[] = [];

  async take(id: number): Promise<void> {
    if (this.holder === id) return;
    if (this.holder === null) {
      this.holder = id;
      return;
    }
    await new Promise<void>((grant) => this.waiting.push({ id, grant }));
  }

  give(id: number) {
    if (this.holder !== id) return;
    const next = this.waiting.shift();
    this.holder = next?.id ?? null;
    next?.grant();
  }

  /** A connection that went away leaves the queue, and the backend if it held it. */
  leave(id: number) {
    const index = this.waiting.findIndex((turn) => turn.id === id);
    if (index >= 0) this.waiting.splice(index, 1);
    this.give(id);
  }

  holds(id: number) {
    return this.holder === id;
  }
}

/** Splits a stream of backend messages: notifications out, the rest for the connection. */
function splitNotifications(
  output: Buffer,
  onNotification: (channel: string, payload: string) => void,
): { forClient: Buffer; lastStatus: string | null } {
  const kept: Buffer[] = [];
  let lastStatus: string | null = null;
  let at = 0;
  while (at + 5 <= output.length) {
    const type = String.fromCharCode(output[at] ?? 0);
    const length = output.readInt32BE(at + 1);
    const end = at + 1 + length;
    if (end > output.length) break;
    if (type === 'A') {
      // NotificationResponse: pid, channel\0, payload\0.
      const body = output.subarray(at + 9, end);
      const channelEnd = body.indexOf(0);
      const payloadEnd = body.indexOf(0, channelEnd + 1);
      onNotification(
        body.subarray(0, channelEnd).toString('utf8'),
        body.subarray(channelEnd + 1, payloadEnd).toString('utf8'),
      );
    } else {
      if (type === 'Z') lastStatus = String.fromCharCode(output[at + 5] ?? 0);
      kept.push(output.subarray(at, end));
    }
    at = end;
  }
  if (at < output.length) kept.push(output.subarray(at));
  return { forClient: Buffer.concat(kept), lastStatus };
}

/** Where one message ends in the buffer, or null while it is incomplete. */
function messageEnd(buffer: Buffer, started: boolean): number | null {
  if (!started) {
    if (buffer.length < 4) return null;
    const length = buffer.readInt32BE(0);
    return buffer.length >= length ? length : null;
  }
  if (buffer.length < 5) return null;
  const end = 1 + buffer.readInt32BE(1);
  return buffer.length >= end ? end : null;
}

export type WireServer = {
  /** Listens for the channels named, and calls back for each notification committed. */
  close: () => Promise<void>;
  connections: () => number;
};

/**
 * Serves PGlite on a Unix socket at `socketPath` (in a directory only this user can enter;
 * the socket itself is made 0600 as well). `onNotification` hears every NOTIFY committed on
 * channels the host LISTENs to, whichever connection committed it.
 */
export async function serveOverWire(
  db: PGlite,
  options: {
    socketPath: string;
    listenTo: readonly string[];
    onNotification: (channel: string, payload: string) => void;
  },
): Promise<WireServer> {
  const turns = new BackendTurns();
  const sockets = new Set<net.Socket>();
  let nextId = 1;

  const run = async (message: Uint8Array): Promise<Buffer> => {
    const chunks: Uint8Array[] = [];
    // A chunk is a view of PGlite's memory, which the next one may overwrite: copied at once.
    await db.execProtocolRawStream(message, {
      onRawData: (data) => chunks.push(Buffer.from(data)),
    });
    return Buffer.concat(chunks);
  };

  // The host listens on the one backend before anyone connects: every connection's NOTIFY
  // then comes back in that connection's output, and is taken out of it here.
  for (const channel of options.listenTo) {
    await db.exec(`listen ${channel}`);
  }

  const server = net.createServer((socket) => {
    const id = nextId++;
    sockets.add(socket);
    let buffer = Buffer.alloc(0);
    let started = false;
    let busy = false;
    let open = true;

    const finish = async () => {
      if (!open) return;
      open = false;
      sockets.delete(socket);
      if (turns.holds(id) && db.isInTransaction()) {
        // A connection that left inside a transaction: nothing of it stays.
        await run(queryMessage('rollback')).catch(() => undefined);
      }
      turns.leave(id);
    };

    const pump = async () => {
      if (busy) return;
      busy = true;
      try {
        for (;;) {
          if (!started && buffer.length >= 8) {
            const code = buffer.readInt32BE(4);
            if (code === SSL_REQUEST) {
              buffer = buffer.subarray(8);
              socket.write('N');
              continue;
            }
            if (code === CANCEL_REQUEST) {
              socket.end();
              return;
            }
            if (code !== PROTOCOL_3) {
              socket.destroy();
              return;
            }
          }
          const end = messageEnd(buffer, started);
          if (end === null) return;
          const message = buffer.subarray(0, end);
          buffer = buffer.subarray(end);
          const type = started ? String.fromCharCode(message[0] ?? 0) : '';
          started = true;
          if (type === 'X') {
            socket.end();
            return;
          }
          await turns.take(id);
          if (!open) return;
          const output = await run(new Uint8Array(message));
          const { forClient, lastStatus } = splitNotifications(output, options.onNotification);
          if (forClient.length > 0 && socket.writable) socket.write(forClient);
          // Idle again, not in a transaction: the next connection's turn.
          if (lastStatus === 'I') turns.give(id);
        }
      } catch (error) {
        socket.destroy(error instanceof Error ? error : new Error(String(error)));
      } finally {
        busy = false;
      }
    };

    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      void pump();
    });
    socket.on('close', () => void finish());
    socket.on('error', () => void finish());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(options.socketPath, 0o600);

  return {
    connections: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A simple-protocol Query message. */
function queryMessage(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
}
