import { PROCESS_SETTINGS_CALLS } from '@smt/shared';
import type { NameSearch } from '@/features/management/utils/list-search';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** Every branch of the search with its settings as a CSV file. */
export async function downloadProcessSettingsCsv(search: NameSearch): Promise<void> {
  const file = await api.download(PROCESS_SETTINGS_CALLS.csv, search, { method: 'GET' });
  saveFile(file.blob, file.filename ?? 'process-settings.csv');
}
