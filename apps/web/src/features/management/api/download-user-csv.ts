import type { UserSearch } from '@/features/management/utils/list-search';
import { downloadManagementCsv } from './management-request';

/** Every user of the search as a CSV file. */
export function downloadUserCsv(search: UserSearch): Promise<void> {
  return downloadManagementCsv('userCsv', search, 'users.csv');
}
