import { ApiErrorBody } from '@smt/shared';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { localOf } from '@/gds/airport-time';
import { queryRows, type Db } from '@/db/client';
import type { NotificationsWorld } from '../../../test/notifications-world';
import { DEMO, type DemoPerson } from '../../../test/sign-in';

// Shared by the integration tests of the notification lists, counters and home data: the demo
// organisation's ids, each demo user's scope as plain SQL to compare answers with, and calls.

export type DemoRole = keyof typeof DEMO;
export const DEMO_ROLES = Object.keys(DEMO) as DemoRole[];

export type DemoIds = {
  agency: Record<'demoTravel' | 'globeTours', number>;
  branch: Record<'TLV1' | 'JRS1' | 'HFA1', number>;
  /** Agents by their initials. */
  agent: Record<'MM' | 'AA' | 'BA' | 'BB' | 'GG' | 'GA', number>;
};

export async function demoIds(db: Db): Promise<DemoIds> {
  const agencies = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from agencies`,
  );
  const branches = await queryRows<{ id: number; pcc: string }>(
    db,
    sql`select id, pcc from branches`,
  );
  const agents = await queryRows<{ id: number; initials: string }>(
    db,
    sql`select id, initials from agents`,
  );
  const idOf = <T>(rows: T[], match: (row: T) => boolean) => {
    const row = rows.find(match) as { id: number } | undefined;
    if (!row) throw new Error('demo organisation incomplete');
    return row.id;
  };
  const agent = (initials: string) => idOf(agents, (a) => a.initials === initials);
  const branch = (pcc: string) => idOf(branches, (b) => b.pcc === pcc);
  return {
    agency: {
      demoTravel: idOf(agencies, (a) => a.name === 'Demo Travel'),
      globeTours: idOf(agencies, (a) => a.name === 'Globe Tours'),
    },
    branch: { TLV1: branch('TLV1'), JRS1: branch('JRS1'), HFA1: branch('HFA1') },
    agent: {
      MM: agent('MM'),
      AA: agent('AA'),
      BA: agent('BA'),
      BB: agent('BB'),
      GG: agent('GG'),
      GA: agent('GA'),
    },
  };
}

/** What each demo user may see of the notifications, as CONTRACT's organisation says. */
export function scopeSql(ids: DemoIds, role: DemoRole): SQL {
  switch (role) {
    case 'superUser':
      return sql`true`;
    case 'manager':
      return sql`agency_id = ${ids.agency.demoTravel}`;
    case 'agent':
      return sql`agent_id = ${ids.agent.AA}`;
    case 'agent2':
      return sql`agent_id = ${ids.agent.BA}`;
    case 'operator':
      return sql`false`;
    case 'branchManager':
      return sql`branch_id = ${ids.branch.JRS1}`;
    case 'globeManager':
      return sql`agency_id = ${ids.agency.globeTours}`;
    case 'globeAgent':
      return sql`agent_id = ${ids.agent.GA}`;
  }
}

/** Each demo user's own agent identity, or null for those who do not book. */
export function ownAgentOf(ids: DemoIds, role: DemoRole): number | null {
  switch (role) {
    case 'superUser':
    case 'operator':
      return null;
    case 'manager':
      return ids.agent.MM;
    case 'agent':
      return ids.agent.AA;
    case 'agent2':
      return ids.agent.BA;
    case 'branchManager':
      return ids.agent.BB;
    case 'globeManager':
      return ids.agent.GG;
    case 'globeAgent':
      return ids.agent.GA;
  }
}

/** Ids of the notifications matching `where`, in list order, deleted ones left out. */
export async function listIdsBySql(db: Db, where: SQL): Promise<number[]> {
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`select id from notifications where status <> 'DEL' and (${where})
        order by notification_time desc, id desc`,
  );
  return rows.map((row) => Number(row.id));
}

export type Caller = DemoRole | null;

/** Calls the API as a demo user (null: signed out). */
export async function callAs(
  world: NotificationsWorld,
  who: Caller,
  request: { method: 'GET' | 'POST'; url: string; payload?: object },
) {
  const person: DemoPerson | null = who === null ? null : DEMO[who];
  const headers = person ? await world.headersOf(person) : {};
  return world.app.inject({ ...request, headers });
}

/** Asserts CONTRACT's error shape with the given status and code. */
export function expectError(
  res: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  const body = ApiErrorBody.parse(res.json());
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

const HOUR = 3_600_000;

/**
 * Makes a booking in the simulated GDS for an agent, with a ticketing time limit close enough
 * that the engine's next pass raises its TicketingDue; answers the locator.
 */
export async function bookForAgent(
  world: NotificationsWorld,
  agent: { pcc: string; initials: string },
  contactName: string,
): Promise<string> {
  // The engine's sync asks for what changed after its last look, so time moves on a little.
  await world.sim.clock.advance(60_000);
  const now = (await world.sim.now()).getTime();
  const departure = now + 20 * 24 * HOUR;
  const traveller = { phone: '+972541111111', email: 'traveller@example.com' };
  const booking = await world.sim.createBooking({
    pcc: agent.pcc,
    agentInitials: agent.initials,
    type: 'REGULAR',
    passengers: [{ title: 'MR', firstName: 'Noam', lastName: 'Cohen', type: 'ADT', ...traveller }],
    contact: { name: contactName, ...traveller },
    segments: [
      {
        airline: 'LY',
        flightNumber: '315',
        from: 'TLV',
        to: 'LHR',
        departure: localOf(departure, 'TLV'),
        arrival: localOf(departure + 5 * HOUR, 'LHR'),
        flightClass: 'Y',
      },
    ],
    ticketingTimeLimit: new Date(now + 6 * HOUR).toISOString(),
  });
  return booking.locator;
}
