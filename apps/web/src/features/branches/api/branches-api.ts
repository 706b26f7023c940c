import { managedKindCalls } from '@smt/shared';
import { kindApi } from '@/lib/management/kind-api';

/** The branches' calls (calls/management-calls.ts), each typed by its contract. */
export const branchesApi = kindApi(managedKindCalls.branch, {
  entity: 'branches',
  csvFile: 'branches.csv',
});
