import type { CreatePnrBody, CreatePnrResponse } from '@smt/shared';
import type { z } from 'zod';
import type { Db } from '@/db/client';
import type { GdsClient } from '@/gds/gds-client';
import { localOf } from '@/gds/airport-time';
import { badRequest, forbidden } from '@/lib/app-error';
import { bookingColumnsOf } from '@/monitoring/booking-columns';
import { GDS_ID } from '@/monitoring/booking-sync';
import { findBookingByLocator, insertBooking } from '@/monitoring/monitored-bookings.repository';
import { findAgentPlace } from './create-pnr.repository';
import { auditChange } from './management-audit.repository';
import type { Caller } from './organisation-admin.service';

const HOUR = 3_600_000;
// A made-up flight of the simulator's kind: about as long as a medium-haul leg.
const FLIGHT_HOURS = 4;

const messages = {
  agentOutside: 'You may not make bookings for that agent.',
  notInBranch: 'The agent does not work in that branch.',
  notInAgency: 'The branch does not belong to that agency.',
};

/**
 * Makes a booking in the GDS under the chosen agent's sign, as the agent would in their
 * terminal, and records it for monitoring at once (due now) rather than at the next sync.
 */
export async function createPnr(
  deps: { db: Db; gds: Pick<GdsClient, 'now' | 'createBooking'> },
  caller: Caller,
  body: z.output<typeof CreatePnrBody>,
): Promise<CreatePnrResponse> {
  const { db, gds } = deps;
  const place = await findAgentPlace(db, caller.scope, body.agentId);
  if (!place) throw forbidden(messages.agentOutside);
  if (place.branchId !== body.branchId)
    throw badRequest(messages.notInBranch, { agentId: messages.notInBranch });
  if (place.agencyId !== body.agencyId)
    throw badRequest(messages.notInAgency, { branchId: messages.notInAgency });

  const now = (await gds.now()).getTime();
  const departure = now + body.departsInDays * 24 * HOUR;
  const name = `${body.firstName} ${body.lastName}`;
  const booking = await gds.createBooking({
    pcc: place.pcc,
    agentInitials: place.initials,
    type: body.type,
    passengers: [
      {
        title: 'MR',
        firstName: body.firstName,
        lastName: body.lastName,
        type: 'ADT',
        phone: null,
        email: null,
      },
    ],
    contact: { name, phone: null, email: null },
    segments: [
      {
        airline: body.airline,
        flightNumber: body.flightNumber,
        from: body.from,
        to: body.to,
        // GDS times are local to each airport.
        departure: localOf(departure, body.from),
        arrival: localOf(departure + FLIGHT_HOURS * HOUR, body.to),
        flightClass: 'Y',
      },
    ],
    ticketingTimeLimit: new Date(now + body.ticketingDueInHours * HOUR).toISOString(),
  });

  const gdsNow = new Date(now);
  return db.transaction(async (tx) => {
    await insertBooking(tx, {
      agencyId: place.agencyId,
      branchId: place.branchId,
      agentId: place.agentId,
      ...bookingColumnsOf(booking, gdsNow),
      gdsId: GDS_ID,
      connectionId: place.connectionId,
      pnrNumber: booking.locator,
      monitored: true,
      nextCheckAt: gdsNow,
    });
    const recorded = await findBookingByLocator(tx, GDS_ID, booking.locator);
    if (!recorded) throw new Error(`booking ${booking.locator} was not recorded`);
    await auditChange(tx, caller, {
      action: 'pnr.create',
      entityType: 'booking',
      entityId: recorded.id,
      details: { ...body, pnrNumber: booking.locator },
    });
    return { pnrNumber: booking.locator, bookingId: recorded.id };
  });
}
