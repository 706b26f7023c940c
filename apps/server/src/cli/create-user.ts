import type { Db } from '@/db/client';
import { isAnswered } from '@/lib/domain-error';
import { conflictOf } from '@/modules/management/database-conflict';
import { createCommandUser } from '@/modules/management/user-admin.service';
import { auditCommandChange } from './command-audit.repository';
import { CommandError } from './command-errors';
import type { CreateUserRequest, PlaceNames } from './create-user-args';
import * as places from './place-by-name.repository';
import type { RanBy } from './ran-by';

// `create-user`: the users page's create without a signed-in caller, for the first super user
// of a site (nobody can sign in to make one) and for whoever else is needed before the UI is.

type Place = {
  agencyId: number | null;
  branchId: number | null;
  agentId: number | null;
  /** The place as the output line names it. */
  text: string;
};

export type MadeUser = Omit<CreateUserRequest, 'place'> & { id: number; where: string };

const messages = {
  noAgency: (name: string) => `No agency is named "${name}".`,
  noBranch: (pcc: string) => `No branch has the PCC "${pcc}".`,
  branchElsewhere: (pcc: string, agency: string) => `Branch ${pcc} is not in agency "${agency}".`,
  noAgent: (initials: string, pcc: string) =>
    `Branch ${pcc} has no agent with the initials "${initials}".`,
  emailTaken: (email: string) => `A user with the e-mail ${email} already exists; nobody was made.`,
  phoneTaken: (phone: string) => `A user with the phone ${phone} already exists; nobody was made.`,
  eitherTaken: 'A user with this e-mail or phone already exists; nobody was made.',
  inUse: 'The place named for the user is gone; nobody was made.',
};

async function placeOf(db: Db, names: PlaceNames): Promise<Place> {
  const agency =
    names.agency === undefined ? null : await places.findAgencyByName(db, names.agency);
  if (names.agency !== undefined && !agency)
    throw new CommandError(messages.noAgency(names.agency));
  if (names.branch === undefined) {
    return agency
      ? { agencyId: agency.id, branchId: null, agentId: null, text: `agency ${agency.name}` }
      : { agencyId: null, branchId: null, agentId: null, text: 'no agency' };
  }
  const branch = await places.findBranchByPcc(db, names.branch);
  if (!branch) throw new CommandError(messages.noBranch(names.branch));
  if (agency && branch.agencyId !== agency.id) {
    throw new CommandError(messages.branchElsewhere(branch.pcc, agency.name));
  }
  const agencyName = agency?.name ?? (await places.agencyNameOf(db, branch.agencyId));
  const inBranch = { agencyId: branch.agencyId, branchId: branch.id };
  const text = `agency ${agencyName}, branch ${branch.pcc}`;
  if (names.agentInitials === undefined) return { ...inBranch, agentId: null, text };
  const agent = await places.findAgentByInitials(db, branch.id, names.agentInitials);
  if (!agent) throw new CommandError(messages.noAgent(names.agentInitials, branch.pcc));
  return { ...inBranch, agentId: agent.id, text: `${text}, agent ${agent.initials}` };
}

/** Makes the user and its audit row in one transaction, or refuses with a CommandError. */
export async function createUserByCommand(
  db: Db,
  request: CreateUserRequest,
  ranBy: RanBy,
): Promise<MadeUser> {
  const { text: where, ...place } = await placeOf(db, request.place);
  const { name, email, phone, role } = request;
  let made: Awaited<ReturnType<typeof createCommandUser>>;
  try {
    // The same uniqueness as the users page, checked by its service.
    made = await createCommandUser(db, { name, email, phone, role, ...place }, (tx, id, values) =>
      auditCommandChange(tx, ranBy, {
        action: 'user.create',
        entityType: 'user',
        entityId: id,
        details: values,
      }),
    );
  } catch (error) {
    // Someone made the same user between the check and the write.
    const conflict = conflictOf(error, { duplicate: messages.eitherTaken, inUse: messages.inUse });
    throw isAnswered(conflict) ? new CommandError(conflict.message) : conflict;
  }
  if ('taken' in made) {
    throw new CommandError(
      made.taken === 'email' ? messages.emailTaken(email) : messages.phoneTaken(phone),
    );
  }
  const { id } = made;
  return { id, name, email, phone, role, where };
}
