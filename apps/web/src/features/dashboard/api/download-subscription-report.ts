import { dashboardCalls } from '@smt/shared';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

// Used only when the server names no file.
const FALLBACK_FILENAME = 'agent-subscriptions.csv';

/** Who is subscribed to what, as CSV: in the agencies named, or every agency when none are. */
export async function downloadSubscriptionReport(agencies: readonly number[]): Promise<void> {
  const file = await api.callForFile(dashboardCalls.agentSubscriptionsCsv, {
    query: {
      agencies: [...agencies],
    },
  });
  saveFile(file.blob, file.filename ?? FALLBACK_FILENAME);
}
