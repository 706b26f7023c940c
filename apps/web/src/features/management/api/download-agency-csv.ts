import type { NameSearch } from '@/features/management/utils/list-search';
import { downloadManagementCsv } from './management-request';

/** Every agency of the search as a CSV file. */
export function downloadAgencyCsv(search: NameSearch): Promise<void> {
  return downloadManagementCsv('agencyCsv', search, 'agencies.csv');
}
