import type { AgentDeleteBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Deletes an agent; 409 while anything refers to it. */
export function deleteAgent(body: z.output<typeof AgentDeleteBody>) {
  return postManagement('agentDelete', body);
}
