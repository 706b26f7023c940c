import type { NameSearch } from '@/features/management/utils/list-search';
import { downloadManagementCsv } from './management-request';

/** Every agent of the search as a CSV file. */
export function downloadAgentCsv(search: NameSearch): Promise<void> {
  return downloadManagementCsv('agentCsv', search, 'agents.csv');
}
