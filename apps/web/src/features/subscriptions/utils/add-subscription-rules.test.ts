import { describe, expect, it } from 'vitest';
import {
  branchesForLevel,
  branchLevelAllowed,
  canAdd,
  chooseAgent,
  chooseBranch,
  chooseLevel,
  EMPTY_CHOICE,
  type AddChoice,
} from './add-subscription-rules';

const managed = { id: 1, managed: true };
const notManaged = { id: 2, managed: false };

describe('the add-subscription dialog rules', () => {
  it('should start at AGENT with nothing chosen', () => {
    expect(EMPTY_CHOICE).toEqual({ level: 'AGENT', branchId: null, agentId: null });
    expect(canAdd(EMPTY_CHOICE)).toBe(false);
  });

  it('should allow BRANCH only when some branch is managed', () => {
    expect(branchLevelAllowed([notManaged])).toBe(false);
    expect(branchLevelAllowed([])).toBe(false);
    expect(branchLevelAllowed([notManaged, managed])).toBe(true);
    expect(chooseLevel(EMPTY_CHOICE, 'BRANCH', [notManaged])).toEqual(EMPTY_CHOICE);
  });

  it('should clear a non-managed branch when BRANCH is chosen', () => {
    const choice: AddChoice = { level: 'AGENT', branchId: 2, agentId: 9 };
    expect(chooseLevel(choice, 'BRANCH', [managed, notManaged])).toEqual({
      level: 'BRANCH',
      branchId: null,
      agentId: null,
    });
  });

  it('should keep a managed branch when BRANCH is chosen, dropping the agent', () => {
    const choice: AddChoice = { level: 'AGENT', branchId: 1, agentId: 9 };
    expect(chooseLevel(choice, 'BRANCH', [managed, notManaged])).toEqual({
      level: 'BRANCH',
      branchId: 1,
      agentId: null,
    });
  });

  it('should offer only managed branches at BRANCH and every branch at AGENT', () => {
    expect(branchesForLevel('BRANCH', [managed, notManaged])).toEqual([managed]);
    expect(branchesForLevel('AGENT', [managed, notManaged])).toEqual([managed, notManaged]);
  });

  it('should not take an agent before a branch, and drop it when the branch changes', () => {
    expect(chooseAgent(EMPTY_CHOICE, 9)).toEqual(EMPTY_CHOICE);
    const withAgent = chooseAgent(chooseBranch(EMPTY_CHOICE, 1), 9);
    expect(withAgent).toEqual({ level: 'AGENT', branchId: 1, agentId: 9 });
    expect(chooseBranch(withAgent, 1)).toEqual(withAgent);
    expect(chooseBranch(withAgent, 2)).toEqual({ level: 'AGENT', branchId: 2, agentId: null });
  });

  it('should enable Add with AGENT plus branch and agent, or BRANCH plus branch', () => {
    expect(canAdd({ level: 'AGENT', branchId: 1, agentId: null })).toBe(false);
    expect(canAdd({ level: 'AGENT', branchId: 1, agentId: 9 })).toBe(true);
    expect(canAdd({ level: 'BRANCH', branchId: null, agentId: null })).toBe(false);
    expect(canAdd({ level: 'BRANCH', branchId: 1, agentId: null })).toBe(true);
  });
});
