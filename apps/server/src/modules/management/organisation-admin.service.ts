import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import type { Clock } from '@/lib/clock';
import {
  addsOwnAgency,
  assertMayAddOwnAgency,
  seatAsAgencyManager,
} from '@/modules/onboarding/onboarding.service';
import { createConflictLimit, Taken, type LimitedCaller } from './conflict-limit';
import { conflictOf, inUseMessage } from './database-conflict';
import { auditChange, type Actor } from '@/modules/audit';
import { fail } from './management.errors';
import { managesAgency, searchOf } from './management-query';
import * as repo from './organisation-admin.repository';

// The rules of the agency, branch and agent management pages: ids from the client are looked
// up inside the caller's scope (outside it is 403), duplicates are 409 naming the field, and
// every change is written to the audit log in the same transaction. A PCC refused as taken is
// audited and limited per caller, like a user's e-mail and phone (docs/decisions/025).

export type Caller = Actor & { scope: Scope };
/** A caller of a write that may find a value taken: their real user's roles come along. */
export type CheckedCaller = Caller & LimitedCaller;

const messages = {
  agencyName: 'An agency with this name already exists.',
  branchPcc: 'A branch with this PCC already exists.',
  agentInitials: 'An agent with these initials already exists in this branch.',
  agencyOutside: 'You may not manage that agency.',
  branchOutside: 'You may not manage that branch.',
  agentOutside: 'You may not manage that agent.',
  branchMove: 'A branch cannot move to another agency. Create a new branch instead.',
  agentMove: 'An agent cannot move to another branch. Create a new agent instead.',
};

export function createOrganisationAdmin(deps: {
  db: Db;
  clock: Clock;
  /**
   * Whether a new agency starts connected to the embedded simulator: outside production, for
   * the demo; a production agency starts with none until it connects its own (decision 054).
   */
  newAgenciesOnSimulator: boolean;
}) {
  const { db, clock, newAgenciesOnSimulator } = deps;

  /** Runs a change in one transaction, mapping a constraint a race broke to the same 409. */
  const write = async <T>(
    work: (tx: Db) => Promise<T>,
    conflictMessages: { duplicate: string; inUse: string },
  ): Promise<T> => {
    try {
      return await db.transaction(async (tx) => work(tx));
    } catch (error) {
      throw conflictOf(error, conflictMessages);
    }
  };

  const agencyInScope = async (caller: Caller, id: number) => {
    const row = await repo.findAgencyInScope(db, caller.scope, id);
    if (!row) throw fail('management.agency-outside', messages.agencyOutside);
    return row;
  };
  const branchInScope = async (caller: Caller, id: number) => {
    const row = await repo.findBranchInScope(db, caller.scope, id);
    if (!row) throw fail('management.branch-outside', messages.branchOutside);
    return row;
  };
  const agentInScope = async (caller: Caller, id: number) => {
    const row = await repo.findAgentInScope(db, caller.scope, id);
    if (!row) throw fail('management.agent-outside', messages.agentOutside);
    return row;
  };

  const agencyConflicts = { duplicate: messages.agencyName, inUse: inUseMessage('agency') };
  const branchConflicts = { duplicate: messages.branchPcc, inUse: inUseMessage('branch') };
  const agentConflicts = { duplicate: messages.agentInitials, inUse: inUseMessage('agent') };
  const pccTaken = new Taken('pcc', messages.branchPcc);
  const limitedWrite = createConflictLimit({ db, clock });

  /** A branch write that checks its PCC first: limited, refusals audited. */
  const checkedBranchWrite = async <T>(
    caller: CheckedCaller,
    attempt: { action: string; entityId: number | null },
    work: (tx: Db) => Promise<T | Taken>,
  ): Promise<T> => {
    try {
      const branchAttempt = { ...attempt, entityType: 'branch' };
      return await limitedWrite(caller, branchAttempt, work, { branches_pcc_key: pccTaken });
    } catch (error) {
      throw conflictOf(error, branchConflicts);
    }
  };

  /** A list filter naming an agency or branch must name one in scope. */
  const checkFilter = async (caller: Caller, filter: { agencyId?: number; branchId?: number }) => {
    if (filter.agencyId !== undefined) await agencyInScope(caller, filter.agencyId);
    if (filter.branchId !== undefined) await branchInScope(caller, filter.branchId);
  };
  // An agency search names no agency or branch to check.
  const anyAgencySearch = async () => {};

  return {
    agency: {
      ...searchOf(db, anyAgencySearch, repo.selectAgencies, repo.countAgencies),

      async create(caller: Caller, body: { name: string }) {
        // A new registered user's agency is theirs to run (docs/decisions/018).
        const ownAgency = addsOwnAgency(caller.scope);
        if (ownAgency) assertMayAddOwnAgency(caller.scope);
        if (await repo.agencyNameTaken(db, body.name))
          throw fail('management.duplicate', messages.agencyName);
        return write(async (tx) => {
          const id = await repo.insertAgency(tx, body);
          if (newAgenciesOnSimulator) await repo.insertSimulatorConnection(tx, id);
          await auditChange(tx, caller, {
            action: 'agency.create',
            entityType: 'agency',
            entityId: id,
            details: body,
          });
          if (ownAgency) await seatAsAgencyManager(tx, caller, id, clock.now());
          return { id };
        }, agencyConflicts);
      },

      async update(caller: Caller, body: { agencyId: number; name: string }) {
        const row = await agencyInScope(caller, body.agencyId);
        if (await repo.agencyNameTaken(db, body.name, row.id))
          throw fail('management.duplicate', messages.agencyName);
        await write(async (tx) => {
          await repo.updateAgency(tx, row.id, { name: body.name }, clock.now());
          await auditChange(tx, caller, {
            action: 'agency.update',
            entityType: 'agency',
            entityId: row.id,
            details: { from: { name: row.name }, to: { name: body.name } },
          });
        }, agencyConflicts);
      },

      async setEnabled(caller: Caller, body: { agencyId: number; enabled: boolean }) {
        const row = await agencyInScope(caller, body.agencyId);
        await write(async (tx) => {
          await repo.updateAgency(tx, row.id, { enabled: body.enabled }, clock.now());
          await auditChange(tx, caller, {
            action: 'agency.updateStatus',
            entityType: 'agency',
            entityId: row.id,
            details: { enabled: body.enabled },
          });
        }, agencyConflicts);
      },

      async delete(caller: Caller, body: { agencyId: number }) {
        const row = await agencyInScope(caller, body.agencyId);
        await write(async (tx) => {
          await repo.deleteAgency(tx, row.id);
          await auditChange(tx, caller, {
            action: 'agency.delete',
            entityType: 'agency',
            entityId: row.id,
            details: { name: row.name },
          });
        }, agencyConflicts);
      },
    },

    branch: {
      ...searchOf(db, checkFilter, repo.selectBranches, repo.countBranches),

      async create(caller: CheckedCaller, body: { name: string; pcc: string; agencyId: number }) {
        // A branch belongs to an agency the caller runs, not merely one they can see.
        if (!managesAgency(caller.scope, body.agencyId))
          throw fail('management.agency-outside', messages.agencyOutside);
        await agencyInScope(caller, body.agencyId);
        return checkedBranchWrite(
          caller,
          { action: 'branch.create', entityId: null },
          async (tx) => {
            if (await repo.branchPccTaken(tx, body.pcc)) return pccTaken;
            const id = await repo.insertBranch(tx, body);
            await auditChange(tx, caller, {
              action: 'branch.create',
              entityType: 'branch',
              entityId: id,
              details: body,
            });
            return { id };
          },
        );
      },

      async update(
        caller: CheckedCaller,
        body: { branchId: number; name: string; pcc: string; agencyId: number },
      ) {
        const row = await branchInScope(caller, body.branchId);
        if (body.agencyId !== row.agencyId) {
          if (!managesAgency(caller.scope, body.agencyId))
            throw fail('management.agency-outside', messages.agencyOutside);
          throw fail('management.branch-move', messages.branchMove);
        }
        await checkedBranchWrite(
          caller,
          { action: 'branch.update', entityId: row.id },
          async (tx) => {
            if (await repo.branchPccTaken(tx, body.pcc, row.id)) return pccTaken;
            await repo.updateBranch(tx, row.id, { name: body.name, pcc: body.pcc }, clock.now());
            await auditChange(tx, caller, {
              action: 'branch.update',
              entityType: 'branch',
              entityId: row.id,
              details: {
                from: { name: row.name, pcc: row.pcc },
                to: { name: body.name, pcc: body.pcc },
              },
            });
          },
        );
      },

      async setEnabled(caller: Caller, body: { branchId: number; enabled: boolean }) {
        const row = await branchInScope(caller, body.branchId);
        await write(async (tx) => {
          await repo.updateBranch(tx, row.id, { enabled: body.enabled }, clock.now());
          await auditChange(tx, caller, {
            action: 'branch.updateStatus',
            entityType: 'branch',
            entityId: row.id,
            details: { enabled: body.enabled },
          });
        }, branchConflicts);
      },

      async delete(caller: Caller, body: { branchId: number }) {
        const row = await branchInScope(caller, body.branchId);
        await write(async (tx) => {
          await repo.deleteBranch(tx, row.id);
          await auditChange(tx, caller, {
            action: 'branch.delete',
            entityType: 'branch',
            entityId: row.id,
            details: { name: row.name, pcc: row.pcc },
          });
        }, branchConflicts);
      },
    },

    agent: {
      ...searchOf(db, checkFilter, repo.selectAgents, repo.countAgents),

      async create(caller: Caller, body: { name: string; initials: string; branchId: number }) {
        await branchInScope(caller, body.branchId);
        if (await repo.agentInitialsTaken(db, body.branchId, body.initials)) {
          throw fail('management.duplicate', messages.agentInitials);
        }
        return write(async (tx) => {
          const id = await repo.insertAgent(tx, body);
          await auditChange(tx, caller, {
            action: 'agent.create',
            entityType: 'agent',
            entityId: id,
            details: body,
          });
          return { id };
        }, agentConflicts);
      },

      async update(
        caller: Caller,
        body: { agentId: number; name: string; initials: string; branchId: number },
      ) {
        const row = await agentInScope(caller, body.agentId);
        if (body.branchId !== row.branchId) {
          await branchInScope(caller, body.branchId);
          throw fail('management.agent-move', messages.agentMove);
        }
        if (await repo.agentInitialsTaken(db, row.branchId, body.initials, row.id)) {
          throw fail('management.duplicate', messages.agentInitials);
        }
        await write(async (tx) => {
          const changes = { name: body.name, initials: body.initials };
          await repo.updateAgent(tx, row.id, changes, clock.now());
          await auditChange(tx, caller, {
            action: 'agent.update',
            entityType: 'agent',
            entityId: row.id,
            details: { from: { name: row.name, initials: row.initials }, to: changes },
          });
        }, agentConflicts);
      },

      async setEnabled(caller: Caller, body: { agentId: number; enabled: boolean }) {
        const row = await agentInScope(caller, body.agentId);
        await write(async (tx) => {
          await repo.updateAgent(tx, row.id, { enabled: body.enabled }, clock.now());
          await auditChange(tx, caller, {
            action: 'agent.updateStatus',
            entityType: 'agent',
            entityId: row.id,
            details: { enabled: body.enabled },
          });
        }, agentConflicts);
      },

      async delete(caller: Caller, body: { agentId: number }) {
        const row = await agentInScope(caller, body.agentId);
        await write(async (tx) => {
          await repo.deleteAgent(tx, row.id);
          await auditChange(tx, caller, {
            action: 'agent.delete',
            entityType: 'agent',
            entityId: row.id,
            details: { name: row.name, initials: row.initials },
          });
        }, agentConflicts);
      },
    },
  };
}
