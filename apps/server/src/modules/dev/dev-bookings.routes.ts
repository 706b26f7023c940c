import { BookingType, TicketingState } from '@smt/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agents, branches, users } from '@/db/schema';
import type { GdsClient } from '@/gds/gds-client';
import type { Simulator } from '@/gds/simulator/simulator';
import { notFound } from '@/lib/app-error';
import { syncBranch } from '@/monitoring/booking-sync';
import { localOf } from '@/gds/airport-time';
import { answerLocalCallersOnly } from './local-callers-only';

const HOUR = 3_600_000;

const isSimulator = (gds: GdsClient): gds is Simulator => 'ticketElsewhere' in gds;

const Locator = z.object({
  locator: z.string().regex(/^[A-Z0-9]{5,10}$/, 'Should be a PNR number'),
});
const GdsBookingView = z.object({
  locator: z.string(),
  pcc: z.string(),
  agentInitials: z.string(),
  isTicketed: z.boolean(),
  isCancelled: z.boolean(),
  lastPurchaseAt: z.string().nullable(),
  storedFare: z
    .object({ fareBasis: z.string(), total: z.number(), currency: z.string() })
    .nullable(),
  segments: z.array(
    z.object({
      id: z.string(),
      airline: z.string(),
      flightNumber: z.string(),
      status: z.string(),
      // The airport's local time as the GDS gives it, to compare with what screens show.
      departure: z.string(),
    }),
  ),
});
const GdsClock = z.object({ now: z.string() });

const CreateBody = z.object({
  agentEmail: z.email().max(254),
  ticketingDueInHours: z.coerce.number().min(1).max(720).default(24),
  departsInDays: z.coerce.number().int().min(2).max(330).default(21),
  /** OTA bookings can be sent to ticketing from My PNRs. */
  type: BookingType.default('REGULAR'),
});

const TicketingScript = z.object({
  state: TicketingState,
  errorText: z.string().trim().max(200).nullable().default(null),
});

/**
 * A booking made in the GDS for one of our agents, as the agent would make it in their GDS
 * terminal, then recorded by the engine at once instead of at its next sync: people and tests
 * see the engine react to something new without waiting a minute. Local and staging only.
 */
export const devBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dev (local and staging only)'];
  answerLocalCallersOnly(app);
  const simulator = () => {
    if (!isSimulator(app.gds)) throw notFound('The reservation system is not the simulator');
    return app.gds;
  };

  app.get(
    '/api/dev/gds/clock',
    {
      config: { access: 'public' },
      schema: { tags, summary: "The simulated GDS's clock", response: { 200: GdsClock } },
    },
    async () => ({ now: (await simulator().now()).toISOString() }),
  );

  app.post(
    '/api/dev/gds/clock',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Moves the simulated GDS's clock on; the engine checks what became due",
        body: z.object({ advanceMinutes: z.coerce.number().int().min(1).max(525_600) }),
        response: { 200: GdsClock },
      },
    },
    async (request) => {
      const sim = simulator();
      await sim.clock.advance(request.body.advanceMinutes * 60_000);
      return { now: (await sim.now()).toISOString() };
    },
  );

  app.get(
    '/api/dev/gds/bookings/:locator',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A booking as the GDS holds it now',
        params: Locator,
        response: { 200: GdsBookingView },
      },
    },
    async (request) => {
      const booking = await app.gds.retrieveBooking(request.params.locator);
      if (!booking) throw notFound('The GDS has no such booking');
      return {
        ...booking,
        storedFare: booking.storedFare && {
          fareBasis: booking.storedFare.fareBasis,
          total: booking.storedFare.total,
          currency: booking.storedFare.currency,
        },
      };
    },
  );

  app.post(
    '/api/dev/gds/bookings/:locator/ticketed',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Tickets a booking outside the product, as the airline or another terminal would',
        params: Locator,
        response: { 200: z.object({ ticketed: z.boolean() }) },
      },
    },
    async (request) => ({ ticketed: await simulator().ticketElsewhere(request.params.locator) }),
  );

  app.post(
    '/api/dev/gds/bookings/:locator/ticketing-script',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Decides what the GDS answers to the booking's next ticketing",
        params: Locator,
        body: TicketingScript,
        response: { 200: z.object({ scripted: z.literal(true) }) },
      },
    },
    async (request) => {
      await simulator().scriptTicketing(request.params.locator, request.body);
      return { scripted: true as const };
    },
  );

  app.post(
    '/api/dev/gds/bookings',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Makes a booking in the GDS for an agent's sign and records it for monitoring",
        body: CreateBody,
        response: { 200: z.object({ locator: z.string() }) },
      },
    },
    async (request) => {
      const { agentEmail, ticketingDueInHours, departsInDays, type } = request.body;
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
      if (!agent) throw notFound('No agent signs in with that e-mail address');

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
  );
};
