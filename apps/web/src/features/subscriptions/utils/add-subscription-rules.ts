import type { SubscriptionLevel } from '@smt/shared';

// The add-subscription dialog's rules (SPEC §4), as pure steps from one choice to the next.

export type AddChoice = {
  level: SubscriptionLevel;
  branchId: number | null;
  agentId: number | null;
};

export type BranchChoice = { id: number; managed: boolean };

export const EMPTY_CHOICE: AddChoice = { level: 'AGENT', branchId: null, agentId: null };

/** A branch-wide row can be added only for a branch the caller manages. */
export const branchLevelAllowed = (branches: readonly BranchChoice[]): boolean =>
  branches.some((branch) => branch.managed);

/** The branches a level may choose from: any for an agent, managed ones for a branch row. */
export const branchesForLevel = <B extends BranchChoice>(
  level: SubscriptionLevel,
  branches: readonly B[],
): B[] => (level === 'BRANCH' ? branches.filter((branch) => branch.managed) : [...branches]);

/** Choosing BRANCH with a branch the caller does not manage clears the branch. */
export function chooseLevel(
  choice: AddChoice,
  level: SubscriptionLevel,
  branches: readonly BranchChoice[],
): AddChoice {
  if (level === 'BRANCH' && !branchLevelAllowed(branches)) return choice;
  const branchStays =
    level === 'AGENT' || branches.some((b) => b.id === choice.branchId && b.managed);
  return {
    level,
    branchId: branchStays ? choice.branchId : null,
    agentId: level === 'AGENT' && branchStays ? choice.agentId : null,
  };
}

/** Another branch means another branch's agents: the agent is chosen again. */
export const chooseBranch = (choice: AddChoice, branchId: number | null): AddChoice => ({
  ...choice,
  branchId,
  agentId: branchId === choice.branchId ? choice.agentId : null,
});

/** An agent needs a branch first. */
export const chooseAgent = (choice: AddChoice, agentId: number | null): AddChoice =>
  choice.branchId === null ? choice : { ...choice, agentId };

/** Add needs AGENT with a branch and an agent, or BRANCH with a branch. */
export const canAdd = (choice: AddChoice): boolean =>
  choice.level === 'AGENT'
    ? choice.branchId !== null && choice.agentId !== null
    : choice.branchId !== null;
