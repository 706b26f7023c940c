import {
  utcDayOf,
  type CreditCreate,
  type CreditFilter,
  type CreditItem,
  type CreditPage,
  type CreditState,
} from '@smt/shared';
import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import type { Clock } from '@/lib/clock';
import { withdrawCreditWarning } from '@/monitoring/credits/credit-sweep.repository';
import { personKey } from '@/monitoring/notification-data-of';
import { auditChange } from '@/modules/audit';
import {
  allCreditRows,
  findBookingsByLocator,
  findCreditInScope,
  findCreditPage,
  insertCredits,
  updateCreditState,
  type CreditRow,
} from './credits.repository';
import { creditRefusals as refusals, fail } from './credits.errors';

// The Credits page (issue 36 point 4): the caller's credits, a credit an agent enters on one of
// their bookings, and a credit marked used or open again. Every read and write takes the
// caller's scope; a credit or booking outside it does not exist for them.

/** Who asks: the effective user (impersonated, when someone impersonates) and the real one. */
export type CreditCaller = { userId: number; realUserId: number; scope: Scope };

export const creditItemOf = (row: CreditRow): CreditItem => ({
  id: row.id,
  passengerName: row.passengerName,
  airline: row.airline,
  amountCents: Number(row.amountCents),
  currency: row.currency,
  expiresOn: row.expiresOn,
  state: row.state,
  source: row.source,
  pnrNumber: row.pnrNumber,
  agentName: row.agentName,
  reference: row.reference,
  createdAt: row.createdAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
});

const nameParts = (name: string) => {
  const slash = name.indexOf('/');
  return { lastName: name.slice(0, slash), firstName: name.slice(slash + 1) };
};

// A PNR often writes the title after the first name ('DANA MRS'): the same passenger.
const TITLE = / (mr|mrs|ms|miss|mstr|dr)$/;
const keyWithoutTitle = (key: string) => key.replace(TITLE, '');

/** The booking's passenger an entered name is, as the booking spells it; null when none is. */
function passengerOn(passengers: string[], entered: string): string | null {
  const wanted = keyWithoutTitle(personKey(nameParts(entered)));
  return passengers.find((name) => keyWithoutTitle(personKey(nameParts(name))) === wanted) ?? null;
}

export function createCredits(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function list(
    caller: CreditCaller,
    query: CreditFilter & { offset: number; limit: number },
  ): Promise<CreditPage> {
    const { offset, limit, ...filter } = query;
    const { rows, total } = await findCreditPage(db, caller.scope, filter, { offset, limit });
    return { items: rows.map(creditItemOf), total };
  }

  /** Every credit of the filter, for the CSV file, read a page at a time. */
  const allRows = (caller: CreditCaller, filter: CreditFilter) =>
    allCreditRows(db, caller.scope, filter);

  async function find(caller: CreditCaller, id: number): Promise<CreditRow> {
    const row = await findCreditInScope(db, caller.scope, id);
    if (!row) throw fail('credits.not-found', refusals.notFound);
    return row;
  }

  /**
   * A credit the agent holds for a passenger of one of their bookings: placed where the booking
   * is, the passenger named as the booking names them.
   */
  async function create(caller: CreditCaller, body: CreditCreate): Promise<CreditItem> {
    const bookings = await findBookingsByLocator(db, caller.scope, body.pnrNumber);
    if (bookings.length === 0)
      throw fail('credits.booking-not-found', refusals.bookingNotFound, {
        pnrNumber: refusals.bookingNotFound,
      });
    const found = bookings
      .map((booking) => ({ booking, name: passengerOn(booking.passengers, body.passengerName) }))
      .find((each) => each.name !== null);
    if (!found?.name)
      throw fail('credits.passenger-not-on-booking', refusals.passengerNotOnBooking, {
        passengerName: refusals.passengerNotOnBooking,
      });
    const { booking, name } = found;
    const id = await db.transaction(async (tx) => {
      const [created] = await insertCredits(tx, [
        {
          bookingId: booking.id,
          agencyId: booking.agencyId,
          branchId: booking.branchId,
          agentId: booking.agentId,
          notificationId: null,
          passengerName: name,
          passengerKey: personKey(nameParts(name)),
          airline: body.airline,
          amountCents: body.amount,
          currency: body.currency,
          expiresOn: body.expiresOn,
          source: 'agent',
          reference: body.reference ?? null,
        },
      ]);
      if (created === undefined)
        throw fail('credits.already-recorded', refusals.alreadyRecorded, {
          reference: refusals.alreadyRecorded,
        });
      await auditChange(tx, caller, {
        action: 'credit.create',
        entityType: 'credit',
        entityId: created,
        details: {
          locator: body.pnrNumber,
          bookingId: booking.id,
          passengerName: name,
          airline: body.airline,
          amountCents: body.amount,
          currency: body.currency,
          expiresOn: body.expiresOn,
        },
      });
      return created;
    });
    return creditItemOf(await find(caller, id));
  }

  /** Marks a credit used for a ticket, or open again when it was marked so by mistake. */
  async function setState(
    caller: CreditCaller,
    id: number,
    state: Extract<CreditState, 'open' | 'used'>,
  ): Promise<CreditItem> {
    const row = await find(caller, id);
    if (row.state === state) return creditItemOf(row);
    const now = clock.now();
    if (state === 'open' && row.expiresOn !== null && row.expiresOn < utcDayOf(now))
      throw fail('credits.expired', refusals.expired);
    await db.transaction(async (tx) => {
      await updateCreditState(tx, id, { state, closedAt: state === 'used' ? now : null, now });
      // A credit used needs no warning of its expiry any more.
      if (state === 'used')
        await withdrawCreditWarning(
          tx,
          { id, bookingId: row.bookingId },
          'the credit was used',
          now,
        );
      await auditChange(tx, caller, {
        action: 'credit.state',
        entityType: 'credit',
        entityId: id,
        details: { from: row.state, to: state },
      });
    });
    return creditItemOf(await find(caller, id));
  }

  return { list, allRows, create, setState };
}
