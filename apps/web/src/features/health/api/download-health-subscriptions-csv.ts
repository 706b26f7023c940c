import { DASHBOARD_CALLS } from '@smt/shared';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

// Used only when the server names no file.
const FALLBACK_FILENAME = 'agent-subscriptions.csv';

/** Which agent gets which process by e-mail and push, in every agency, as CSV. */
export async function downloadHealthSubscriptionsCsv(): Promise<void> {
  const file = await api.download(DASHBOARD_CALLS.agentSubscriptionsCsv, {}, { method: 'GET' });
  saveFile(file.blob, file.filename ?? FALLBACK_FILENAME);
}
