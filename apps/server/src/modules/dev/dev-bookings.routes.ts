import { devCalls } from '@smt/shared';
import type { GdsClient } from '@/gds/gds-client';
import type { Simulator } from '@/gds/simulator/simulator';
import { routeCalls } from '@/lib/route-call';
import { fail } from './dev.errors';
import { answerLocalCallersOnly } from './local-callers-only';
import { routesUsing } from '@/routes-using';

const isSimulator = (gds: GdsClient): gds is Simulator => 'ticketElsewhere' in gds;

/**
 * The simulated GDS for people and tests: its clock, its bookings as it holds them, and what
 * happens to them outside the product. Local and staging only.
 */
export const devBookingsRoutes = routesUsing(
  ['devTools', 'gds'],
  async (app, { devTools, gds }) => {
    answerLocalCallersOnly(app);
    const simulator = () => {
      if (!isSimulator(gds))
        throw fail('dev.not-simulator', 'The reservation system is not the simulator');
      return gds;
    };

    routeCalls(app, { tags: ['dev (local and staging only)'] }, devCalls, {
      gdsClock: {
        summary: "The simulated GDS's clock",
        handle: async () => ({ now: (await simulator().now()).toISOString() }),
      },
      moveGdsClock: {
        summary: "Moves the simulated GDS's clock on; the engine checks what became due",
        handle: async ({ body }) => {
          const sim = simulator();
          await sim.clock.advance(body.advanceMinutes * 60_000);
          return { now: (await sim.now()).toISOString() };
        },
      },
      gdsBooking: {
        summary: 'A booking as the GDS holds it now',
        handle: async ({ params }) => {
          const booking = await gds.retrieveBooking(params.locator);
          if (!booking) throw fail('dev.no-such-booking', 'The GDS has no such booking');
          return {
            ...booking,
            storedFare: booking.storedFare && {
              fareBasis: booking.storedFare.fareBasis,
              total: booking.storedFare.total,
              currency: booking.storedFare.currency,
            },
          };
        },
      },
      ticketElsewhere: {
        summary: 'Tickets a booking outside the product, as the airline or another terminal would',
        handle: async ({ params }) => ({
          ticketed: await simulator().ticketElsewhere(params.locator),
        }),
      },
      scriptTicketing: {
        summary: "Decides what the GDS answers to the booking's next ticketing",
        handle: async ({ params, body }) => {
          await simulator().scriptTicketing(params.locator, body);
          return { scripted: true as const };
        },
      },
      createBooking: {
        summary: "Makes a booking in the GDS for an agent's sign and records it for monitoring",
        handle: async ({ body }, request) => devTools.createBooking(body, request.log),
      },
    });
  },
);
