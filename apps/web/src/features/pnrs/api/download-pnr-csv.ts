import { pnrCalls, type PnrCsvRequest, type PnrSearch } from '@smt/shared';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

// Used only when the server names no file.
const FALLBACK_FILENAME = 'pnrs.csv';

/** Every booking the search finds, as CSV, saved under the name the server gives. */
export async function downloadPnrCsv(search: PnrSearch): Promise<void> {
  // The file is the search's, not this visit's: its id stays out.
  const body: PnrCsvRequest = { ...search, searchId: undefined };
  const file = await api.callForFile(pnrCalls.listCsv, {
    body: { request: JSON.stringify(body) },
  });
  saveFile(file.blob, file.filename ?? FALLBACK_FILENAME);
}
