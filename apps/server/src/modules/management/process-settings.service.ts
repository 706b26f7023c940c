import type {
  ProcessSettingsFields,
  ProcessSettingsListQuery,
  ProcessSettingsPage,
  ProcessSettingsValues,
} from '@smt/shared';
import type { Db } from '@/db/client';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { conflictOf } from './database-conflict';
import { fail } from './management.errors';
import { auditChange } from '@/modules/audit';
import { findAgencyInScope } from './organisation-admin.repository';
import type { Caller } from './organisation-admin.service';
import * as repo from './process-settings.repository';
import { byProcess, effectiveValues, rowsOf } from './process-settings.values';

// The rules of the process settings pages: a super user sets any branch's settings and the
// system default; a manager only their agency's branches (403 outside them). Every change is
// written to the audit log in its transaction.
//
// The engine reads a branch's settings afresh at most a minute after they change (its cache in
// monitoring/engine.ts); a new cadence counts from each booking's next check.

const messages = {
  branchOutside: 'You may not manage that branch.',
  agencyOutside: 'You may not manage that agency.',
  defaultsSuperOnly: 'Only a super user may change the default settings.',
  alreadyOwn: 'This branch already has its own process settings. Edit them in the list.',
  followsDefault: 'This branch already follows the default settings.',
  race: 'Someone changed these settings at the same time. Reload and try again.',
};

const conflicts = { duplicate: messages.race, inUse: messages.race };

export type SettingsItem = repo.SettingsBranch & { own: boolean; settings: ProcessSettingsValues };

export function createProcessSettingsAdmin(deps: { db: Db }) {
  const { db } = deps;

  const write = async <T>(work: (tx: Db) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(async (tx) => work(tx));
    } catch (error) {
      throw conflictOf(error, conflicts);
    }
  };

  const branchInScope = async (caller: Caller, branchId: number) => {
    const branch = await repo.findSettingsBranch(db, caller.scope, branchId);
    if (!branch) throw fail('management.branch-outside', messages.branchOutside);
    return branch;
  };

  /** The default rows and the own rows of each branch asked for. */
  const settingsOf = async (branchIds: number[]) => {
    const rows = await repo.selectSettingsRows(db, branchIds);
    const defaults = byProcess(rows.filter((row) => row.branchId === null));
    const own = (branchId: number) => byProcess(rows.filter((row) => row.branchId === branchId));
    return { defaults, own };
  };

  /** Every branch of a search with the settings it runs with, a page of them when asked. */
  const items = async (
    caller: Caller,
    filter: repo.SettingsFilter,
    page?: { offset: number; limit: number },
  ): Promise<SettingsItem[]> => {
    const branches = await repo.selectSettingsBranches(db, caller.scope, filter, page);
    const { defaults, own } = await settingsOf(branches.map((branch) => branch.branchId));
    return branches.map((branch) => {
      const rows = own(branch.branchId);
      return { ...branch, own: rows.size > 0, settings: effectiveValues(defaults, rows) };
    });
  };

  const checkFilter = async (caller: Caller, filter: repo.SettingsFilter) => {
    if (filter.branchId !== undefined) await branchInScope(caller, filter.branchId);
    if (filter.agencyId !== undefined) {
      const agency = await findAgencyInScope(db, caller.scope, filter.agencyId);
      if (!agency) throw fail('management.agency-outside', messages.agencyOutside);
    }
  };

  /** Stores a branch's (or the default's) settings in place of what it had. */
  const save = async (
    caller: Caller,
    branchId: number | null,
    fields: ProcessSettingsFields,
    action: string,
  ) => {
    const { defaults, own } = await settingsOf(branchId === null ? [] : [branchId]);
    const current = branchId === null ? defaults : own(branchId);
    // Process by process, as the engine reads them: the branch's row over the default's.
    const followed = new Map([...defaults, ...current]);
    const rows = rowsOf(branchId, fields, followed);
    await write(async (tx) => {
      await repo.replaceSettings(tx, branchId, rows);
      await auditChange(tx, caller, {
        action,
        entityType: 'processSettings',
        entityId: branchId ?? 0,
        details: {
          branchId,
          from: current.size > 0 ? effectiveValues(defaults, current) : 'default',
          to: fields,
        },
      });
    });
  };

  return {
    /** Stores the system default where none is yet, as the engine does when it starts. */
    ensureDefaults: () => ensureDefaultProcessSettings(db),

    async list(caller: Caller, query: ProcessSettingsListQuery): Promise<ProcessSettingsPage> {
      const { offset, limit, ...filter } = query;
      await checkFilter(caller, filter);
      const [page, total, { defaults }] = await Promise.all([
        items(caller, filter, { offset, limit }),
        repo.countSettingsBranches(db, caller.scope, filter),
        settingsOf([]),
      ]);
      return { items: page, total, defaults: effectiveValues(defaults, new Map()) };
    },

    async all(caller: Caller, filter: repo.SettingsFilter): Promise<SettingsItem[]> {
      await checkFilter(caller, filter);
      return items(caller, filter);
    },

    async create(caller: Caller, body: ProcessSettingsFields & { branchId: number }) {
      const { branchId, ...fields } = body;
      await branchInScope(caller, branchId);
      if (await repo.hasOwnSettings(db, branchId)) {
        throw fail('management.settings-already-own', messages.alreadyOwn);
      }
      await save(caller, branchId, fields, 'processSettings.create');
    },

    /** A branch's settings (it gets its own if it followed the default), or the default's. */
    async update(caller: Caller, body: ProcessSettingsFields & { branchId?: number | undefined }) {
      const { branchId, ...fields } = body;
      if (branchId === undefined) {
        if (caller.scope.kind !== 'superUser')
          throw fail('management.defaults-super-only', messages.defaultsSuperOnly);
        await save(caller, null, fields, 'processSettings.updateDefault');
        return;
      }
      await branchInScope(caller, branchId);
      await save(caller, branchId, fields, 'processSettings.update');
    },

    async remove(caller: Caller, body: { branchId: number }) {
      const branch = await branchInScope(caller, body.branchId);
      await write(async (tx) => {
        const deleted = await repo.deleteOwnSettings(tx, branch.branchId);
        if (deleted === 0)
          throw fail('management.settings-follow-default', messages.followsDefault);
        await auditChange(tx, caller, {
          action: 'processSettings.delete',
          entityType: 'processSettings',
          entityId: branch.branchId,
          details: { branchId: branch.branchId, pcc: branch.pcc },
        });
      });
    },
  };
}
