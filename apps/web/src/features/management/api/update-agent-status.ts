import type { AgentStatusBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Enables or disables an agent. */
export function updateAgentStatus(body: z.output<typeof AgentStatusBody>) {
  return postManagement('agentUpdateStatus', body);
}
