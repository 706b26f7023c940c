import { connectionHelpTexts, type CreatePnrBody, type CreatePnrResponse } from '@smt/shared';
import type { z } from 'zod';
import type { Db } from '@/db/client';
import type { GdsClient } from '@/gds/gds-client';
import type { GdsRegistry } from '@/gds/gds-registry';
import type { NewBooking } from '@/gds/gds-types';
import { bookingColumnsOf } from '@/monitoring/booking-columns';
import { GDS_ID } from '@/monitoring/booking-sync';
import { DUFFEL_GDS_ID } from '@/monitoring/connection-sync';
import { findBookingByLocator, insertBooking } from '@/monitoring/monitored-bookings.repository';
import { newBookingOf, type Booker } from './create-pnr.new-booking';
import { findAgentPlace, findUserContact } from './create-pnr.repository';
import { fail } from './management.errors';
import { auditChange } from '@/modules/audit';
import type { Caller } from './organisation-admin.service';

const messages = {
  agentOutside: 'You may not make bookings for that agent.',
  notInBranch: 'The agent does not work in that branch.',
  notInAgency: 'The branch does not belong to that agency.',
  connectionOutside: 'That reservation system is not connected to the agency.',
};

// What a reservation system says when it will not make the booking (no such flight, a
// refused order): the super user's to read, not a fault of ours.
const REFUSAL = 'Cannot create the booking:';

type Gds = Pick<GdsClient, 'now' | 'createBooking'>;

export type CreatePnrDeps = {
  db: Db;
  /** The embedded simulator. */
  gds: Gds;
  /** The client of each connection that is not the simulator's. */
  registry: Pick<GdsRegistry, 'forConnection'>;
  /**
   * Whether a booking may be made in the simulator: outside production, where it is the
   * demo's GDS. In production a booking needs a real connection (decision 054).
   */
  bookInSimulator: boolean;
};

async function book(gds: Gds, request: NewBooking) {
  try {
    return await gds.createBooking(request);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(REFUSAL))
      throw fail('management.booking-refused', error.message);
    throw error;
  }
}

const SIMULATOR: Booker = { kind: 'simulator' };

// Duffel needs an e-mail and a phone for every passenger, which the form does not ask for:
// the person making the booking is the one to reach about it.
async function providerBooker(db: Db, caller: Caller): Promise<Booker> {
  const user = await findUserContact(db, caller.userId);
  if (!user) throw new Error(`user ${caller.userId} does not exist`);
  return { kind: 'provider', contact: user };
}

/**
 * Makes a booking in the agency's reservation system under the chosen agent's sign, as the
 * agent would in their terminal, and records it for monitoring at once (due now) rather than
 * at the next sync. On Duffel that is a hold order on the flight the agent named.
 */
export async function createPnr(
  deps: CreatePnrDeps,
  caller: Caller,
  body: z.output<typeof CreatePnrBody>,
): Promise<CreatePnrResponse> {
  const { db } = deps;
  const unnamed = deps.bookInSimulator ? 'simulator' : 'real';
  const place = await findAgentPlace(db, caller.scope, body.agentId, body.connectionId, unnamed);
  if (!place) throw fail('management.agent-outside', messages.agentOutside);
  if (place.branchId !== body.branchId)
    throw fail('management.agent-not-in-branch', messages.notInBranch, {
      agentId: messages.notInBranch,
    });
  if (place.agencyId !== body.agencyId)
    throw fail('management.branch-not-in-agency', messages.notInAgency, {
      branchId: messages.notInAgency,
    });
  if (body.connectionId !== undefined && place.connectionId === null)
    throw fail('management.connection-outside', messages.connectionOutside, {
      connectionId: messages.connectionOutside,
    });
  // Never the simulator in production, not even for an agency that still has its connection:
  // its invented bookings would stand beside the agency's real ones.
  if (!deps.bookInSimulator && (place.connectionId === null || place.provider === 'SIMULATOR'))
    throw fail('management.no-real-connection', connectionHelpTexts.noRealConnection);

  const duffelId = place.provider === 'DUFFEL' ? place.connectionId : null;
  const onDuffel = duffelId !== null;
  const gds = onDuffel ? await deps.registry.forConnection(duffelId) : deps.gds;
  const now = (await gds.now()).getTime();
  const booking = await book(
    gds,
    newBookingOf(body, place, now, onDuffel ? await providerBooker(db, caller) : SIMULATOR),
  );

  const gdsNow = new Date(now);
  const gdsId = onDuffel ? DUFFEL_GDS_ID : GDS_ID;
  return db.transaction(async (tx) => {
    await insertBooking(tx, {
      agencyId: place.agencyId,
      branchId: place.branchId,
      agentId: place.agentId,
      ...bookingColumnsOf(booking, gdsNow),
      gdsId,
      connectionId: place.connectionId,
      ...(onDuffel ? { providerBookingId: booking.providerId ?? null } : {}),
      pnrNumber: booking.locator,
      monitored: true,
      nextCheckAt: gdsNow,
    });
    const recorded = await findBookingByLocator(tx, gdsId, booking.locator);
    if (!recorded) throw new Error(`booking ${booking.locator} was not recorded`);
    await auditChange(tx, caller, {
      action: 'pnr.create',
      entityType: 'booking',
      entityId: recorded.id,
      details: { ...body, connectionId: place.connectionId, pnrNumber: booking.locator },
    });
    return { pnrNumber: booking.locator, bookingId: recorded.id };
  });
}

/** The create PNR page's service. */
export function createPnrMaker(deps: CreatePnrDeps) {
  return {
    /** A booking made under an agent's sign and recorded for monitoring at once. */
    create: (caller: Caller, body: z.output<typeof CreatePnrBody>) => createPnr(deps, caller, body),
  };
}
