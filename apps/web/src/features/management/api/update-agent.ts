import type { AgentUpdateBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Changes an agent's name and initials; 409 when the initials are taken. */
export function updateAgent(body: z.output<typeof AgentUpdateBody>) {
  return postManagement('agentUpdate', body);
}
