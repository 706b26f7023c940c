import path from 'node:path';
import type { Env } from '@/config/env';
import { openDatabaseFromEnv, seedIfEmpty, type OpenLog } from '@/db/open-from-env';
import { embeddedNotifications, useEmbeddedNotifications } from './embedded-notifications';
import { embeddedSocketIn } from './embedded-socket';
import {
  EMBEDDED_SOCKET_DIR,
  HOSTED_CHANNELS,
  type ApiMessage,
  type HostMessage,
} from './embedded-messages';
import { serveOverWire } from './pglite-wire-server';

const tell = (message: HostMessage) => process.send?.(message);

/**
 * The embedded database's own process (decision 047): opens PGlite under DATA_DIR (holding its
 * lock), migrates and seeds it, serves it on a private socket, and tells the API process where.
 * Resolves, once the API is up, with the environment of the worker this process then runs
 * beside the database, and the way to close the database after that worker has stopped.
 */
export async function hostEmbeddedDatabase(
  env: Env,
  log: OpenLog & { info: (details: object, message: string) => void },
): Promise<{ workerEnv: Env; close: () => Promise<void> }> {
  let database;
  try {
    database = await openDatabaseFromEnv(env, { log });
    if (database.kind !== 'pglite') throw new Error('the embedded host needs PGlite');
    if (await seedIfEmpty(database, env)) log.info({}, 'demo organisation made');
  } catch (error) {
    tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  const opened = database;
  // Started again after a crash, it serves where the API already connects.
  const socket = embeddedSocketIn(env.DATA_DIR, process.env[EMBEDDED_SOCKET_DIR] || null);
  useEmbeddedNotifications();
  const wire = await serveOverWire(opened.client, {
    socketPath: socket.path,
    listenTo: HOSTED_CHANNELS,
    onNotification: (channel, payload) => {
      embeddedNotifications.emit(channel, payload);
      tell({ type: 'notification', channel, payload });
    },
  });
  // The API process ended, or asked this one to stop, before it was up: so does this one, its
  // database closed.
  let up = false;
  const leaveEarly = () => {
    void wire
      .close()
      .then(() => opened.close())
      .finally(() => process.exit(1));
  };
  // The worker starts once the API has done its first-start work: on one backend, advisory
  // locks cannot keep two first starts apart.
  const apiUp = new Promise<void>((resolve) => {
    process.on('message', (message: ApiMessage) => {
      if (message.type === 'api-up') resolve();
      else if (message.type === 'stop' && !up) leaveEarly();
    });
  });
  process.once('disconnect', leaveEarly);
  tell({ type: 'ready', url: socket.url });
  await apiUp;
  up = true;
  process.off('disconnect', leaveEarly);
  log.info({ dataDir: path.resolve(env.DATA_DIR), socket: socket.dir }, 'embedded database served');
  return {
    workerEnv: { ...env, DATABASE_URL: socket.url, SMT_ROLE: 'worker' },
    close: async () => {
      await wire.close();
      await opened.close();
    },
  };
}
