/** What the API process and the embedded database's process tell each other over IPC. */
export type HostMessage =
  | { type: 'ready'; url: string }
  | { type: 'failed'; message: string }
  | { type: 'notification'; channel: string; payload: string };

export type ApiMessage = { type: 'api-up' };

export const EMBEDDED_HOST_FLAG = 'SMT_EMBEDDED_HOST';

/** The channels the host listens to for everyone: live notifications and session ends. */
export const HOSTED_CHANNELS = ['smt_notifications', 'smt_sessions'] as const;

export function isHostMessage(value: unknown): value is HostMessage {
  return typeof value === 'object' && value !== null && 'type' in value;
}
