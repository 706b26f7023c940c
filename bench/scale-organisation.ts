import { like } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agencies } from '@/db/schema';
import { FEMALE_NAMES, LAST_NAMES, MALE_NAMES } from '@/gds/simulator/catalogue';
import { rngFor } from '@/gds/simulator/random';
import {
  insertAgency,
  insertAgent,
  insertBranch,
} from '@/modules/management/organisation-admin.repository';
import { insertUser } from '@/modules/management/user-admin.repository';

// The scale organisation's agencies, branches, agents and users, written through the
// management repositories the admin pages use. Names, e-mails and phones follow from the
// indexes, so every run makes the same people.

export type OrganisationShape = {
  agencies: number;
  branchesPerAgency: number;
  agentsPerBranch: number;
};

export type ScalePerson = {
  name: string;
  email: string;
  phone: string;
  role: 'Agent' | 'Manager';
  agencyId: number;
  branchId: number | null;
  agentId: number | null;
};

/** Where a scale agent sits, and what its bookings carry: its branch's PCC and its initials. */
export type ScaleAgent = {
  agencyId: number;
  branchId: number;
  agentId: number;
  pcc: string;
  initials: string;
};

export type ScaleOrganisation = {
  people: ScalePerson[];
  agencyIds: number[];
  branchIds: number[];
  agents: ScaleAgent[];
};

const AGENCY_PREFIX = 'Scale Travel ';

/** Whether a scale organisation is already there: its agencies are named for it. */
export async function hasScaleOrganisation(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(like(agencies.name, `${AGENCY_PREFIX}%`))
    .limit(1);
  return rows.length > 0;
}

const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();
const pad = (value: number, width: number) => String(value).padStart(width, '0');

function nameOf(seed: number, ...key: (string | number)[]) {
  const rng = rngFor(seed, 'person', ...key);
  const first = titleCase(rng.pick(rng.chance(0.5) ? FEMALE_NAMES : MALE_NAMES));
  const last = titleCase(rng.pick(LAST_NAMES));
  return { first, last, name: `${first} ${last}` };
}

/** Initials unique within the branch: the name's, then with a digit where two agents share them. */
function initialsOf(first: string, last: string, taken: Set<string>): string {
  const plain = `${first[0] ?? 'X'}${last[0] ?? 'X'}`.toUpperCase();
  let initials = plain;
  for (let n = 2; taken.has(initials); n += 1) initials = `${plain}${n}`;
  taken.add(initials);
  return initials;
}

/**
 * Agencies 'Scale Travel 01' and on, each with its branches (PCC S<agency><branch>), agents
 * and their users (role Agent, one per agent identity) and one manager per agency, enabled
 * and activated, in one transaction. Phones are E.164 Israeli mobiles (+97254…), unique.
 */
export async function makeOrganisation(
  db: Db,
  shape: OrganisationShape,
  seed: number,
): Promise<ScaleOrganisation> {
  return db.transaction(async (tx) => {
    const made: ScaleOrganisation = { people: [], agencyIds: [], branchIds: [], agents: [] };
    let agentNumber = 0;
    for (let a = 1; a <= shape.agencies; a += 1) {
      const agencyName = `${AGENCY_PREFIX}${pad(a, 2)}`;
      const domain = `scale-travel-${pad(a, 2)}.test`;
      const agencyId = await insertAgency(tx, { name: agencyName });
      made.agencyIds.push(agencyId);

      const manager = nameOf(seed, 'manager', a);
      const managerPerson: ScalePerson = {
        name: manager.name,
        email: `${manager.first}.${manager.last}.manager@${domain}`.toLowerCase(),
        phone: `+9725490${pad(a, 5)}`,
        role: 'Manager',
        agencyId,
        branchId: null,
        agentId: null,
      };
      await insertUser(tx, {
        name: managerPerson.name,
        email: managerPerson.email,
        phone: managerPerson.phone,
        roles: ['ROLE_SA_MANAGER_USER'],
        agencyId,
        branchId: null,
        agentId: null,
        enabled: true,
        activated: true,
      });
      made.people.push(managerPerson);

      for (let b = 1; b <= shape.branchesPerAgency; b += 1) {
        const pcc = `S${pad(a, 3)}${pad(b, 2)}`;
        const branchId = await insertBranch(tx, {
          name: `${agencyName} branch ${b}`,
          pcc,
          agencyId,
        });
        made.branchIds.push(branchId);
        const initialsTaken = new Set<string>();
        for (let g = 1; g <= shape.agentsPerBranch; g += 1) {
          agentNumber += 1;
          const person = nameOf(seed, 'agent', agentNumber);
          const initials = initialsOf(person.first, person.last, initialsTaken);
          const agentId = await insertAgent(tx, { name: person.name, initials, branchId });
          const agentPerson: ScalePerson = {
            name: person.name,
            email: `${person.first}.${person.last}.${pad(agentNumber, 4)}@${domain}`.toLowerCase(),
            phone: `+9725400${pad(agentNumber, 5)}`,
            role: 'Agent',
            agencyId,
            branchId,
            agentId,
          };
          await insertUser(tx, {
            name: agentPerson.name,
            email: agentPerson.email,
            phone: agentPerson.phone,
            roles: ['ROLE_SA_AGENT_USER'],
            agencyId,
            branchId,
            agentId,
            enabled: true,
            activated: true,
          });
          made.people.push(agentPerson);
          made.agents.push({ agencyId, branchId, agentId, pcc, initials });
        }
      }
    }
    return made;
  });
}
