import type { CallRequest, devCalls } from '@smt/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { agents, branches, users } from '@/db/schema';
import { listDevMessages } from '@/delivery/dev-inbox.repository';
import { localOf } from '@/gds/airport-time';
import type { GdsClient } from '@/gds/gds-client';
import type { Clock } from '@/lib/clock';
import { syncBranch } from '@/monitoring/booking-sync';
import { fail } from './dev.errors';

const HOUR = 3_600_000;

type NewDevBooking = CallRequest<(typeof devCalls)['createBooking']>['body'];

/** What local and staging add for people and tests (never routed in production). */
export function createDevTools(deps: { db: Db; gds: GdsClient; clock: Clock }) {
  const { db, gds, clock } = deps;

  return {
    /** What was sent to a phone number or e-mail address, newest first. */
    inbox: (recipient: string) => listDevMessages(db, recipient),

    /**
     * A booking made in the GDS for one of our agents, as the agent would make it in their GDS
     * terminal, then recorded by the engine at once instead of at its next sync: people and
     * tests see the engine react to something new without waiting a minute. `log` is the
     * request's, so the sync's lines name it.
     */
    async createBooking(body: NewDevBooking, log: FastifyBaseLogger): Promise<{ locator: string }> {
      const { agentEmail, ticketingDueInHours, departsInDays, type } = body;
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

      const now = (await gds.now()).getTime();
      const departure = now + departsInDays * 24 * HOUR;
      const booking = await gds.createBooking({
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
        { db, gds, clock, log },
        { id: agent.branchId, pcc: agent.pcc, gdsSyncedAt: agent.gdsSyncedAt },
      );
      return { locator: booking.locator };
    },
  };
}
