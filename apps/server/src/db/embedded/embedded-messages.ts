/** What the API process and the embedded database's process tell each other over IPC. */
export type HostMessage =
  | { type: 'ready'; url: string }
  | { type: 'failed'; message: string }
  | { type: 'notification'; channel: string; payload: string };

/** `stop`: end the worker, then the database (the API has drained and closed). */
export type ApiMessage = { type: 'api-up' } | { type: 'stop' };

export const EMBEDDED_HOST_FLAG = 'SMT_EMBEDDED_HOST';
/** Where a restarted host serves: the socket its API already connects to. */
export const EMBEDDED_SOCKET_DIR = 'SMT_EMBEDDED_SOCKET_DIR';

/** The channels the host listens to for everyone: live notifications and session ends. */
export const HOSTED_CHANNELS = ['smt_notifications', 'smt_sessions'] as const;

export function isHostMessage(value: unknown): value is HostMessage {
  return typeof value === 'object' && value !== null && 'type' in value;
}
