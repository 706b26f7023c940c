import { devCalls } from '@smt/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agents, branches, users } from '@/db/schema';
import type { GdsClient } from '@/gds/gds-client';
import type { Simulator } from '@/gds/simulator/simulator';
import { routeCalls } from '@/lib/route-call';
import { syncBranch } from '@/monitoring/booking-sync';
import { localOf } from '@/gds/airport-time';
import { fail } from './dev.errors';
import { answerLocalCallersOnly } from './local-callers-only';

const HOUR = 3_600_000;

const isSimulator = (gds: GdsClient): gds is Simulator => 'ticketElsewhere' in gds;

/**
 * A booking made in the GDS for one of our agents, as the agent would make it in their GDS
 * terminal, then recorded by the engine at once instead of at its next sync: people and tests
 * see the engine react to something new without waiting a minute. Local and staging only.
 */
export const devBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  answerLocalCallersOnly(app);
  const simulator = () => {
    if (!isSimulator(app.gds))
      throw fail('dev.not-simulator', 'The reservation system is not the simulator');
    return app.gds;
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
        const booking = await app.gds.retrieveBooking(params.locator);
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
      handle: async ({ body }, request) => {
        const { agentEmail, ticketingDueInHours, departsInDays, type } = body;
        const db = app.database.db;
        const [agent] = await db
          .select({
            initials: agents.initials,
            branchId: branches.id,
            pcc: branches.pcc,
            gdsSyncedAt: branches.gdsSyncedAt,
          })
          .from(users)
          .innerJoin(agents, eq(agents.id, users.agentId))
          .innerJoin(branches, eq(branches.id, agents.branchId))
          .where(eq(users.email, agentEmail.toLowerCase()));
        if (!agent) throw fail('dev.no-such-agent', 'No agent signs in with that e-mail address');

        const now = (await app.gds.now()).getTime();
        const departure = now + departsInDays * 24 * HOUR;
        const booking = await app.gds.createBooking({
          pcc: agent.pcc,
          agentInitials: agent.initials,
          type,
          passengers: [
            {
              title: 'MS',
              firstName: 'Dana',
              lastName: 'Levi',
              type: 'ADT',
              phone: '+972541234567',
              email: 'dana.levi@example.com',
            },
          ],
          contact: { name: 'Dana Levi', phone: '+972541234567', email: 'dana.levi@example.com' },
          segments: [
            {
              airline: 'LY',
              flightNumber: '315',
              from: 'TLV',
              to: 'LHR',
              // GDS times are local to each airport.
              departure: localOf(departure, 'TLV'),
              arrival: localOf(departure + 5 * HOUR, 'LHR'),
              flightClass: 'Y',
            },
          ],
          ticketingTimeLimit: new Date(now + ticketingDueInHours * HOUR).toISOString(),
        });
        await syncBranch(
          { db, gds: app.gds, clock: app.clock, log: request.log },
          { id: agent.branchId, pcc: agent.pcc, gdsSyncedAt: agent.gdsSyncedAt },
        );
        return { locator: booking.locator };
      },
    },
  });
};
