import { managedKindCalls } from '@smt/shared';
import { kindApi } from '@/lib/management/kind-api';

/** The agencies' calls (calls/management-calls.ts), each typed by its contract. */
export const agenciesApi = kindApi(managedKindCalls.agency, {
  entity: 'agencies',
  csvFile: 'agencies.csv',
});
