import { creditCalls, type CreditFilter } from '@smt/shared';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

// Used only when the server names no file.
const FALLBACK_FILENAME = 'credits.csv';

/** Every credit the filter finds, as CSV, saved under the name the server gives. */
export async function downloadCreditCsv(filter: CreditFilter): Promise<void> {
  const file = await api.callForFile(creditCalls.csv, { query: filter });
  saveFile(file.blob, file.filename ?? FALLBACK_FILENAME);
}
