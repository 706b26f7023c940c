import { fork, type ChildProcess } from 'node:child_process';
import { useEmbeddedNotifications, embeddedNotifications } from './embedded-notifications';
import { EMBEDDED_HOST_FLAG, isHostMessage, type ApiMessage } from './embedded-messages';

export class EmbeddedDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedDatabaseError';
  }
}

export type EmbeddedDatabaseProcess = {
  /** The database's address: a private Unix socket. */
  url: string;
  /** The API is up: the process may start the engine beside the database. */
  apiUp: () => void;
  /** Ends the process (its worker, then the database) and waits for it. */
  stop: () => Promise<void>;
  /** Hears the process end when nobody asked it to. */
  onUnexpectedExit: (listener: (code: number | null) => void) => void;
};

/**
 * Starts this same server as the embedded database's process (decision 047) and waits until it
 * serves. Its notifications come over IPC to `embeddedNotifications`.
 */
export async function startEmbeddedDatabaseProcess(): Promise<EmbeddedDatabaseProcess> {
  const child: ChildProcess = fork(process.argv[1] ?? '', process.argv.slice(2), {
    env: { ...process.env, [EMBEDDED_HOST_FLAG]: '1' },
    stdio: 'inherit',
  });
  useEmbeddedNotifications();
  let stopping = false;
  let onExit: (code: number | null) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (message: unknown) => {
      if (!isHostMessage(message)) return;
      if (message.type === 'ready') resolve(message.url);
      else if (message.type === 'failed') reject(new EmbeddedDatabaseError(message.message));
      else embeddedNotifications.emit(message.channel, message.payload);
    });
    void exited.then((code) =>
      reject(new EmbeddedDatabaseError(`the embedded database stopped at start (exit ${code})`)),
    );
  });
  void exited.then((code) => {
    if (!stopping) onExit(code);
  });

  return {
    url,
    apiUp: () => child.send({ type: 'api-up' } satisfies ApiMessage),
    onUnexpectedExit: (listener) => {
      onExit = listener;
    },
    stop: async () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
