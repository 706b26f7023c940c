import { managementMessages, type ServerRole } from '@smt/shared';
import type { Db } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { uniqueViolationOf } from './database-conflict';
import { fail } from './management.errors';
import {
  auditRefusal,
  countTakenRefusalsSince,
  lockRefusalsOf,
  type Actor,
  type RefusalDetails,
} from '@/modules/audit';

// A 409 on an e-mail, phone or PCC tells the caller that someone has it. Anyone may
// self-register and manage an agency, so such answers are counted per real user and limited
// (docs/decisions/025).

/** How many taken values a real user may name in a rolling window before every write waits. */
export const CONFLICT_LIMIT = { perWindow: 10, windowMs: 60 * 60_000 } as const;

/** The caller of a checked write: the real user's roles decide whether they are counted. */
export type LimitedCaller = Actor & { realUserRoles: readonly ServerRole[] };

/** What a checked write is, as its refusals are audited. */
export type Attempt = { action: string; entityType: string; entityId: number | null };

type TakenField = Extract<RefusalDetails, { refusal: 'taken' }>['field'];
const KIND_OF = {
  email: 'email',
  deviceNumber: 'phone',
  pcc: 'branchCode',
} as const satisfies Record<TakenField, string>;

/** A write's answer when one of its unique values is another's; returned, so the audit commits. */
export class Taken {
  constructor(
    readonly field: TakenField,
    readonly message: string,
  ) {}
}

const LIMITED = Symbol('limited');

// Super users list and search every user and branch, so a limit would hide nothing from them.
const isCounted = (caller: LimitedCaller) => !caller.realUserRoles.includes('ROLE_SA_SUPER_USER');

export function createConflictLimit(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const refuse = (tx: Db, caller: Actor, attempt: Attempt, details: RefusalDetails) =>
    auditRefusal(tx, caller, { ...attempt, at: clock.now(), details });
  const takenDetails = (taken: Taken): RefusalDetails => ({
    refusal: 'taken',
    field: taken.field,
    kind: KIND_OF[taken.field],
  });

  /**
   * Runs a write whose unique values `work` checks first, in one transaction: over the limit
   * it answers 429 whatever the values are (a 429 only for taken ones would say the same as
   * the 409), and each taken value is audited. `raced` names the unique indexes a concurrent
   * write may break after the check, with the refusal each stands for.
   */
  return async function limitedWrite<T>(
    caller: LimitedCaller,
    attempt: Attempt,
    work: (tx: Db) => Promise<T | Taken>,
    raced: Record<string, Taken>,
  ): Promise<T> {
    let outcome: T | Taken | typeof LIMITED;
    try {
      outcome = await db.transaction(async (tx) => {
        if (isCounted(caller)) {
          await lockRefusalsOf(tx, caller.realUserId);
          const since = new Date(clock.now().getTime() - CONFLICT_LIMIT.windowMs);
          const refused = await countTakenRefusalsSince(tx, caller.realUserId, since);
          if (refused >= CONFLICT_LIMIT.perWindow) {
            await refuse(tx, caller, attempt, { refusal: 'rateLimited' });
            return LIMITED;
          }
        }
        const result = await work(tx);
        if (result instanceof Taken) await refuse(tx, caller, attempt, takenDetails(result));
        return result;
      });
    } catch (error) {
      const taken = raced[uniqueViolationOf(error) ?? ''];
      if (!taken) throw error;
      await refuse(db, caller, attempt, takenDetails(taken));
      throw fail('management.taken', taken.message);
    }
    if (outcome === LIMITED) {
      throw fail('management.conflicts-limited', managementMessages.conflictsLimited);
    }
    if (outcome instanceof Taken) throw fail('management.taken', outcome.message);
    return outcome;
  };
}
