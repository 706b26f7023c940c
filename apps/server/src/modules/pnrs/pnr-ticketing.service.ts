import { connectionHelpTexts, PROVIDER_LABELS, uiTexts, type TicketingResponse } from '@smt/shared';
import type { Db } from '@/db/client';
import { isDatabaseFault } from '@/db/database-fault';
import { disconnectedProviderOf, providerOf, type ProviderDeps } from '@/gds/provider-of';
import type { TicketingResult } from '@/gds/gds-types';
import type { Clock } from '@/lib/clock';
import {
  claimTicketing,
  findOwnBooking,
  finishTicketing,
  releaseTicketing,
} from './pnr-booking.repository';
import { ownerOf, type PnrCaller } from './pnr-list.service';
import { fail } from './pnrs.errors';

export type TicketingActor = PnrCaller & { userId: number; realUserId: number };

export const ticketingRefusals = {
  notYours: 'There is no such PNR among your bookings.',
  notOta: 'Only online-agency (OTA) bookings can be sent to ticketing.',
  unsupported: 'Ticketing is not supported for this booking.',
  ticketed: 'This PNR is already ticketed.',
  cancelled: uiTexts.pnrCancelled,
} as const;

const issued = (result: TicketingResult) =>
  result.state === 'SUCCESS' || result.state === 'PARTIAL_SUCCESS';

/**
 * Sends one of the caller's OTA bookings to ticketing through the GDS (SPEC §4). One ticketing
 * per booking at a time: a second one hears LOCKED, as the GDS itself would answer.
 */
export function createPnrTicketing(deps: ProviderDeps & { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return async function sendToTicketing(
    actor: TicketingActor,
    target: { gdsId: string; pnrNumber: string },
  ): Promise<TicketingResponse> {
    const owner = ownerOf(actor);
    const booking = owner && (await findOwnBooking(db, owner, target));
    if (!booking) throw fail('pnrs.not-yours', ticketingRefusals.notYours);
    if (booking.type !== 'OTA') throw fail('pnrs.not-ota', ticketingRefusals.notOta);
    if (!booking.ticketingSupported)
      throw fail('pnrs.ticketing-unsupported', ticketingRefusals.unsupported);
    if (booking.isTicketed) throw fail('pnrs.already-ticketed', ticketingRefusals.ticketed);
    if (booking.isCancelled) throw fail('pnrs.cancelled', ticketingRefusals.cancelled);
    // Nothing is paid or issued through an account the agency disconnected (decision 058).
    const away = disconnectedProviderOf(booking);
    if (away !== null)
      throw fail(
        'pnrs.connection-disconnected',
        connectionHelpTexts.disconnected(PROVIDER_LABELS[away]),
      );
    if (!(await claimTicketing(db, booking.id))) {
      return { data: { state: 'LOCKED', errorText: null } };
    }

    let result: TicketingResult;
    let gdsNow: Date | null = null;
    try {
      // Duffel tickets a hold order by paying it; a GDS by its ticketing command.
      const { gds, locator } = await providerOf(deps, booking);
      result = await gds.issueTickets(locator);
      gdsNow = await gds.now().catch(() => null);
    } catch (error) {
      // The database failed, not the GDS: answered 503 (nothing is known to be issued either),
      // and the claim is let go if the database takes it, so the agent may try again.
      if (await isDatabaseFault(db, error)) {
        await releaseTicketing(db, booking.id).catch(() => undefined);
        throw error;
      }
      // The GDS did not answer: nothing is known to be issued, and the agent may try again.
      result = { state: 'FAILURE', errorText: 'The reservation system did not answer' };
    }
    const at = gdsNow ?? clock.now();
    await db.transaction((tx) =>
      finishTicketing(
        tx,
        booking.id,
        { ticketedAt: issued(result) ? at : null, gdsNow: at },
        {
          at: clock.now(),
          userId: actor.userId,
          realUserId: actor.realUserId,
          action: 'pnr.ticketing',
          entityType: 'booking',
          entityId: booking.pnrNumber,
          result: issued(result) ? 'SUCCESS' : 'FAILURE',
          details: { state: result.state, errorText: result.errorText, gdsId: booking.gdsId },
        },
      ),
    );
    return { data: { state: result.state, errorText: result.errorText } };
  };
}
