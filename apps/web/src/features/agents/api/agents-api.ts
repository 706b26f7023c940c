import { managedKindCalls } from '@smt/shared';
import { kindApi } from '@/lib/management/kind-api';

/** The agents' calls (calls/management-calls.ts), each typed by its contract. */
export const agentsApi = kindApi(managedKindCalls.agent, {
  entity: 'agents',
  csvFile: 'agents.csv',
});
