import { fork, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { useEmbeddedNotifications, embeddedNotifications } from './embedded-notifications';
import {
  EMBEDDED_HOST_FLAG,
  EMBEDDED_SOCKET_DIR,
  isHostMessage,
  type ApiMessage,
} from './embedded-messages';
import { nextRestart } from './restart-policy';
import { socketDirOf } from './embedded-socket';

export class EmbeddedDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedDatabaseError';
  }
}

type RestartLog = {
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
};

export type EmbeddedDatabaseProcess = {
  /** The database's address: a private Unix socket, the same for every restart. */
  url: string;
  /** The API is up: the process may start the engine beside the database. */
  apiUp: () => void;
  /** Ends the process (its worker, then the database) and waits for it. */
  stop: () => Promise<void>;
  /** Hears that the process ended unasked and could not be started again (restart-policy.ts). */
  onGivenUp: (listener: (reason: string) => void) => void;
};

type Launched = { child: ChildProcess; url: Promise<string>; exited: Promise<number | null> };

/** Starts this same server as the embedded database's process (decision 047). */
function launch(socketDir: string | null): Launched {
  const child: ChildProcess = fork(process.argv[1] ?? '', process.argv.slice(2), {
    env: {
      ...process.env,
      [EMBEDDED_HOST_FLAG]: '1',
      ...(socketDir ? { [EMBEDDED_SOCKET_DIR]: socketDir } : {}),
    },
    stdio: 'inherit',
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? null : 0))),
  );
  const url = new Promise<string>((resolve, reject) => {
    child.on('message', (message: unknown) => {
      if (!isHostMessage(message)) return;
      if (message.type === 'ready') resolve(message.url);
      else if (message.type === 'failed') reject(new EmbeddedDatabaseError(message.message));
      else if (message.type === 'notification') {
        embeddedNotifications.emit(message.channel, message.payload);
      }
    });
    void exited.then((code) =>
      reject(new EmbeddedDatabaseError(`the embedded database stopped at start (exit ${code})`)),
    );
  });
  return { child, url, exited };
}

const send = (child: ChildProcess, message: ApiMessage) => {
  if (child.connected) child.send(message);
};

/**
 * Starts the embedded database's process and waits until it serves; its notifications come
 * over IPC to `embeddedNotifications`. Should it end unasked, it is started again on the same
 * socket, with growing pauses, a bounded number of times (decision 055); meanwhile the API
 * answers 503 and is not ready, as in any database outage.
 */
export async function startEmbeddedDatabaseProcess(
  log: RestartLog,
): Promise<EmbeddedDatabaseProcess> {
  useEmbeddedNotifications();
  let current = launch(null);
  const url = await current.url;
  const socketDir = socketDirOf(url);
  let stopping = false;
  let apiIsUp = false;
  let givenUp: (reason: string) => void = () => undefined;
  const restartsAt: number[] = [];

  const watch = (running: Launched) => {
    void running.exited.then(async (code) => {
      if (stopping) return;
      const exit = code === null ? 'by a signal' : `exit ${code}`;
      const plan = nextRestart(restartsAt, Date.now());
      if (!plan) {
        givenUp(
          `the embedded database's process ended (${exit}) after ${restartsAt.length} ` +
            'restarts in a short time; run the server under a supervisor that starts it again',
        );
        return;
      }
      log.error(
        { exit, attempt: plan.attempt, retryInMs: plan.pauseMs },
        "the embedded database's process ended; starting it again",
      );
      await sleep(plan.pauseMs);
      if (stopping) return;
      restartsAt.push(Date.now());
      current = launch(socketDir);
      watch(current);
      try {
        await current.url;
        if (apiIsUp) send(current.child, { type: 'api-up' });
        log.info({ attempt: plan.attempt }, 'the embedded database serves again');
      } catch (error) {
        // Its exit is watched: the next try, or giving up, follows from there.
        log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'the embedded database did not start again',
        );
      }
    });
  };
  watch(current);

  return {
    url,
    apiUp: () => {
      apiIsUp = true;
      send(current.child, { type: 'api-up' });
    },
    onGivenUp: (listener) => {
      givenUp = listener;
    },
    stop: async () => {
      stopping = true;
      const { child, exited } = current;
      if (child.exitCode === null && child.signalCode === null) {
        // By message: a SIGTERM to the whole process group is not its cue (embedded-host.ts).
        if (child.connected) send(child, { type: 'stop' });
        else child.kill('SIGTERM');
      }
      await exited;
    },
  };
}
