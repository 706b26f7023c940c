import type { NameSearch } from '@/features/management/utils/list-search';
import { downloadManagementCsv } from './management-request';

/** Every branch of the search as a CSV file. */
export function downloadBranchCsv(search: NameSearch): Promise<void> {
  return downloadManagementCsv('branchCsv', search, 'branches.csv');
}
