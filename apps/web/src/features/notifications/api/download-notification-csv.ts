import { notificationCalls } from '@smt/shared';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import {
  centreListForm,
  type CentreListQuery,
} from '@/features/notifications/utils/centre-list-query';

// Used only when the server names no file.
const FALLBACK_FILENAME = 'notifications.csv';

/** Every notification of a view's list as CSV, saved under the name the server gives. */
export async function downloadNotificationCsv(query: CentreListQuery): Promise<void> {
  const file = await api.callForFile(notificationCalls.listCsv, { body: centreListForm(query) });
  saveFile(file.blob, file.filename ?? FALLBACK_FILENAME);
}
