import { processSettingsCalls } from '@smt/shared';
import { api } from '@/lib/api-client';
import type { NameSearch } from '@/lib/management/list-search';
import { saveFile } from '@/lib/save-file';

/** Every branch of the search with its settings as a CSV file. */
export async function downloadProcessSettingsCsv(search: NameSearch): Promise<void> {
  const file = await api.callForFile(processSettingsCalls.csv, { query: search });
  saveFile(file.blob, file.filename ?? 'process-settings.csv');
}
