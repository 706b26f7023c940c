import type { AgentCreateBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Adds an agent to a branch; 409 when the initials are taken there. */
export function createAgent(body: z.output<typeof AgentCreateBody>) {
  return postManagement('agentCreate', body);
}
