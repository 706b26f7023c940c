import { NOTIFICATION_CALLS } from '@smt/shared';
import { api } from '@/lib/api-client';
import {
  centreListForm,
  type CentreListQuery,
} from '@/features/notifications/utils/centre-list-query';

// Used only when the server names no file.
const FALLBACK_FILENAME = 'notifications.csv';

/** Hands a file to the browser's downloads, as a link with a download name would. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Every notification of a view's list as CSV, saved under the name the server gives. */
export async function downloadNotificationCsv(query: CentreListQuery): Promise<void> {
  const file = await api.download(NOTIFICATION_CALLS.listCsv, centreListForm(query));
  saveFile(file.blob, file.filename ?? FALLBACK_FILENAME);
}
