import type { ServerRole, UserCreateBody, UserUpdateBody } from '@smt/shared';
import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import type { Clock } from '@/lib/clock';
import { createConflictLimit, Taken, type LimitedCaller } from './conflict-limit';
import { conflictOf } from './database-conflict';
import { auditChange } from '@/modules/audit';
import { fail } from './management.errors';
import { managesAgency, searchOf } from './management-query';
import * as repo from './user-admin.repository';

// The rules of the user management page: a user is placed inside the caller's scope, with a
// role the caller may give, and unique by e-mail and phone; every change is audited, and so is
// every e-mail or phone refused as taken (docs/decisions/025).

export type Caller = LimitedCaller & { scope: Scope };

const messages = {
  userOutside: 'You may not manage that user.',
  placeOutside: 'You may not place a user there.',
  roleNotYours: 'You may not give that role.',
  emailTaken: 'A user with this email already exists.',
  phoneTaken: 'A user with this device number already exists.',
  emailOrPhoneTaken: 'A user with this email or device number already exists.',
  notYourself: 'You cannot disable, deactivate or delete yourself.',
  inUse: 'This user is still in use, so it cannot be deleted. Disable it instead.',
};

// Only super users make super users and operators; whoever runs less than an agency can give
// only the roles that stay inside a branch.
const AGENCY_WIDE_ROLES: readonly ServerRole[] = [
  'ROLE_SA_MANAGER_USER',
  'ROLE_SA_AGENCY_MANAGER_USER',
];
const SUPER_ONLY_ROLES: readonly ServerRole[] = ['ROLE_SA_SUPER_USER', 'ROLE_SA_OPERATOR_USER'];

/** The signed-in user, or the one they act as: neither may shut themselves out. */
const isSelf = (caller: Caller, userId: number): boolean =>
  userId === caller.userId || userId === caller.realUserId;

type Placed = Pick<UserCreateBody, 'role' | 'agencyId' | 'branchId' | 'agentId'>;

/** A user the admin CLI makes (cli/create-user.ts): placed anywhere, or nowhere. */
export type CommandUser = {
  name: string;
  email: string;
  phone: string;
  role: ServerRole;
  agencyId: number | null;
  branchId: number | null;
  agentId: number | null;
};

/**
 * Makes a user without a signed-in caller, for the admin CLI: unique by e-mail and phone by the
 * same check as the users page, enabled and activated, and `audit` writes who ran the command,
 * with the values written, in the same transaction. Answers which value is taken instead of making anyone; a write that
 * loses a race after its check throws the database's error, for the command to word.
 */
export async function createCommandUser(
  db: Db,
  user: CommandUser,
  audit: (tx: Db, id: number, values: Record<string, unknown>) => Promise<void>,
): Promise<{ id: number } | { taken: 'email' | 'phone' }> {
  const { role, ...rest } = user;
  return db.transaction(async (tx) => {
    const taken = await repo.takenUserFields(tx, { email: user.email, phone: user.phone });
    if (taken.email) return { taken: 'email' as const };
    if (taken.phone) return { taken: 'phone' as const };
    // The repository's type speaks for the users page, which always places a user; a super
    // user or operator made here may sit nowhere, which the table allows.
    const values = { ...rest, roles: [role], enabled: true, activated: true };
    const id = await repo.insertUser(tx, values as Parameters<typeof repo.insertUser>[1]);
    await audit(tx, id, values);
    return { id };
  });
}

export function createUserAdmin(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const emailTaken = new Taken('email', messages.emailTaken);
  const phoneTaken = new Taken('deviceNumber', messages.phoneTaken);
  const conflicts = { duplicate: messages.emailOrPhoneTaken, inUse: messages.inUse };
  const limitedWrite = createConflictLimit({ db, clock });
  // The unique indexes of users, for a write that loses a race after its check.
  const raced = { users_email_key: emailTaken, users_phone_key: phoneTaken };

  const write = async <T>(work: (tx: Db) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(async (tx) => work(tx));
    } catch (error) {
      throw conflictOf(error, conflicts);
    }
  };

  const userInScope = async (caller: Caller, id: number) => {
    const row = await repo.findUserInScope(db, caller.scope, id);
    if (!row) throw fail('management.user-outside', messages.userOutside);
    // Someone who may not give a role may not change whoever holds it either.
    if (caller.scope.kind !== 'superUser' && row.roles.some((r) => SUPER_ONLY_ROLES.includes(r))) {
      throw fail('management.user-outside', messages.userOutside);
    }
    return row;
  };

  /** Where the new or changed user sits, checked against the caller's scope and role. */
  const placementOf = async (caller: Caller, body: Placed): Promise<repo.UserPlacement> => {
    const { scope } = caller;
    if (scope.kind !== 'superUser') {
      if (SUPER_ONLY_ROLES.includes(body.role))
        throw fail('management.role-not-yours', messages.roleNotYours);
      if (scope.kind !== 'agency' && AGENCY_WIDE_ROLES.includes(body.role)) {
        throw fail('management.role-not-yours', messages.roleNotYours);
      }
    }
    let place: repo.UserPlacement | null = null;
    if (body.agentId !== undefined) place = await repo.agentPlacement(db, scope, body.agentId);
    else if (body.branchId !== undefined) {
      place = await repo.branchPlacement(db, scope, body.branchId);
    } else if (body.agencyId !== undefined && managesAgency(scope, body.agencyId)) {
      place = { agencyId: body.agencyId, branchId: null, agentId: null };
    }
    if (!place) throw fail('management.place-outside', messages.placeOutside);
    return place;
  };

  /** Which value is another user's, if any; a null e-mail is not looked at. */
  const takenOf = async (
    tx: Db,
    fields: { email: string | null; phone: string },
    exceptId?: number,
  ): Promise<Taken | null> => {
    const taken = await repo.takenUserFields(tx, fields, exceptId);
    if (taken.email) return emailTaken;
    if (taken.phone) return phoneTaken;
    return null;
  };

  /** A write that checks the e-mail and phone first: limited, refusals audited. */
  const checkedWrite = async <T>(
    caller: Caller,
    attempt: { action: string; entityId: number | null },
    work: (tx: Db) => Promise<T | Taken>,
  ): Promise<T> => {
    try {
      return await limitedWrite(caller, { ...attempt, entityType: 'user' }, work, raced);
    } catch (error) {
      throw conflictOf(error, conflicts);
    }
  };

  /** A list filter naming part of the organisation must name a part the caller may see. */
  const checkFilter = async (caller: Caller, filter: Omit<Placed, 'role'>) => {
    const { scope } = caller;
    const outside =
      (filter.agentId !== undefined && !(await repo.agentPlacement(db, scope, filter.agentId))) ||
      (filter.branchId !== undefined &&
        !(await repo.branchPlacement(db, scope, filter.branchId))) ||
      (filter.agencyId !== undefined &&
        scope.kind !== 'superUser' &&
        !('agencyId' in scope && scope.agencyId === filter.agencyId));
    if (outside) throw fail('management.place-outside', messages.placeOutside);
  };

  return {
    ...searchOf(db, checkFilter, repo.selectUsers, repo.countUsers),

    async create(caller: Caller, body: UserCreateBody) {
      const place = await placementOf(caller, body);
      const values = {
        name: body.name,
        email: body.email,
        phone: body.deviceNumber,
        roles: [body.role],
        ...place,
      };
      // An agency-level user may not exist yet as an agency (super user typo): the FK says so.
      return checkedWrite(caller, { action: 'user.create', entityId: null }, async (tx) => {
        const taken = await takenOf(tx, values);
        if (taken) return taken;
        const id = await repo.insertUser(tx, {
          ...values,
          enabled: body.enabled,
          activated: body.activated,
        });
        await auditChange(tx, caller, {
          action: 'user.create',
          entityType: 'user',
          entityId: id,
          details: { ...values, enabled: body.enabled, activated: body.activated },
        });
        return { id };
      });
    },

    async update(caller: Caller, body: UserUpdateBody) {
      const row = await userInScope(caller, body.userId);
      const place = await placementOf(caller, body);
      const values = {
        name: body.name,
        email: body.email,
        phone: body.deviceNumber,
        roles: [body.role],
        ...place,
      };
      // An e-mail the organisation types is vouched for (docs/decisions/024); one it leaves as
      // it was keeps its state, and is not checked: an unproved claim may repeat.
      const emailChanged = values.email !== row.email;
      await checkedWrite(caller, { action: 'user.update', entityId: row.id }, async (tx) => {
        const taken = await takenOf(
          tx,
          { email: emailChanged ? values.email : null, phone: values.phone },
          row.id,
        );
        if (taken) return taken;
        const now = clock.now();
        const confirmed = emailChanged ? { emailConfirmedAt: now } : {};
        await repo.updateUser(tx, row.id, { ...values, ...confirmed }, now);
        await auditChange(tx, caller, {
          action: 'user.update',
          entityType: 'user',
          entityId: row.id,
          details: { from: row, to: values },
        });
      });
    },

    async setEnabled(caller: Caller, body: { userId: number; enabled: boolean }) {
      const row = await userInScope(caller, body.userId);
      if (!body.enabled && isSelf(caller, row.id)) {
        throw fail('management.not-yourself', messages.notYourself);
      }
      await write(async (tx) => {
        await repo.updateUser(tx, row.id, { enabled: body.enabled }, clock.now());
        await auditChange(tx, caller, {
          action: 'user.updateStatus',
          entityType: 'user',
          entityId: row.id,
          details: { enabled: body.enabled },
        });
      });
    },

    async setActivated(caller: Caller, body: { userId: number; activated: boolean }) {
      const row = await userInScope(caller, body.userId);
      if (!body.activated && isSelf(caller, row.id)) {
        throw fail('management.not-yourself', messages.notYourself);
      }
      await write(async (tx) => {
        await repo.updateUser(tx, row.id, { activated: body.activated }, clock.now());
        await auditChange(tx, caller, {
          action: 'user.updateActivation',
          entityType: 'user',
          entityId: row.id,
          details: { activated: body.activated },
        });
      });
    },

    async delete(caller: Caller, body: { userId: number }) {
      const row = await userInScope(caller, body.userId);
      if (isSelf(caller, row.id)) {
        throw fail('management.not-yourself', messages.notYourself);
      }
      await write(async (tx) => {
        await repo.endSessionsOf(tx, row.id, clock.now());
        await repo.deleteUser(tx, row.id);
        await auditChange(tx, caller, {
          action: 'user.delete',
          entityType: 'user',
          entityId: row.id,
          details: { name: row.name, email: row.email, deviceNumber: row.deviceNumber },
        });
      });
    },
  };
}
