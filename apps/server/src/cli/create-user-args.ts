import { parseArgs } from 'node:util';
import { AssignableRole, ROUTE_ROLES_OF, UserCreateBody } from '@smt/shared';
import { z } from 'zod';
import { UsageError } from './command-errors';

// `create-user`'s arguments, checked by the rules of the users page (the shared UserCreateBody)
// before the database is opened, so a typo costs nothing and is answered with the usage.

/** The role names the command takes: the route table's words (SuperUser, Agent, ...). */
export const roleNameOf = (role: AssignableRole): string => ROUTE_ROLES_OF[role][0] ?? role;

export const ROLE_NAMES = AssignableRole.options.map(roleNameOf);

/** Where the user sits, by the names people know; the database turns them into ids. */
export type PlaceNames = { agency?: string; branch?: string; agentInitials?: string };

export type CreateUserRequest = {
  name: string;
  email: string;
  phone: string;
  role: AssignableRole;
  place: PlaceNames;
};

// Super users and operators see every agency, so they need no place (the demo's have none),
// and the first super user of a new site has no agency to sit in yet.
const UNPLACED_ROLES: readonly AssignableRole[] = ['ROLE_SA_SUPER_USER', 'ROLE_SA_OPERATOR_USER'];

const FLAG_OF_FIELD: Record<string, string> = {
  name: '--name',
  email: '--email',
  deviceNumber: '--phone',
  role: '--role',
  agencyId: '--agency',
  branchId: '--branch',
  agentId: '--agent-initials',
};

const messages = {
  missing: (flag: string) => `${flag} is required.`,
  badRole: (given: string) =>
    `--role "${given}" is not a role; give one of ${ROLE_NAMES.join(', ')}.`,
  needsPlace: (role: string) =>
    `--role ${role} needs a place in the organisation: give --agency, --branch, or --branch ` +
    'with --agent-initials.',
  initialsNeedBranch: '--agent-initials needs --branch: initials name an agent within a branch.',
  invalid: (problems: string[]) => `The user cannot be made: ${problems.join('; ')}.`,
};

const OPTIONS = {
  role: { type: 'string' },
  email: { type: 'string' },
  phone: { type: 'string' },
  name: { type: 'string' },
  agency: { type: 'string' },
  branch: { type: 'string' },
  'agent-initials': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const parseOptions = (args: string[]) =>
  parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false });

function roleOf(given: string): AssignableRole {
  const role = AssignableRole.options.find(
    (option) => roleNameOf(option).toLowerCase() === given.trim().toLowerCase(),
  );
  if (!role) throw new UsageError(messages.badRole(given));
  return role;
}

function given(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** `create-user`'s arguments, checked; 'help' when help was asked for. */
export function parseCreateUserArgs(args: string[]): CreateUserRequest | 'help' {
  let values: ReturnType<typeof parseOptions>['values'];
  try {
    ({ values } = parseOptions(args));
  } catch (error) {
    // parseArgs names the unknown option or the missing value in a sentence of its own.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  for (const flag of ['role', 'email', 'phone'] as const) {
    if (given(values[flag]) === undefined) throw new UsageError(messages.missing(`--${flag}`));
  }
  const role = roleOf(values.role ?? '');
  const email = given(values.email) ?? '';
  const place: PlaceNames = {
    ...(given(values.agency) ? { agency: given(values.agency) } : {}),
    ...(given(values.branch) ? { branch: given(values.branch) } : {}),
    ...(given(values['agent-initials']) ? { agentInitials: given(values['agent-initials']) } : {}),
  };
  if (place.agentInitials !== undefined && place.branch === undefined) {
    throw new UsageError(messages.initialsNeedBranch);
  }

  // The shared body names the place by id and its rules look only at which id is given: the
  // deepest place named stands in, as any id, until the database answers with the real one.
  const placeIds =
    place.agentInitials !== undefined
      ? { agentId: 1 }
      : place.branch !== undefined
        ? { branchId: 1 }
        : place.agency !== undefined
          ? { agencyId: 1 }
          : {};
  const unplaced = Object.keys(placeIds).length === 0;
  if (unplaced && !UNPLACED_ROLES.includes(role)) {
    throw new UsageError(messages.needsPlace(roleNameOf(role)));
  }
  const schema = unplaced ? z.object(UserCreateBody.shape) : UserCreateBody;
  const parsed = schema.safeParse({
    // Someone to call them until they change it on their profile.
    name: given(values.name) ?? email.split('@')[0],
    email,
    deviceNumber: given(values.phone),
    role,
    ...placeIds,
  });
  if (!parsed.success) {
    throw new UsageError(
      messages.invalid(
        parsed.error.issues.map((issue) => {
          const flag = FLAG_OF_FIELD[String(issue.path[0])];
          return flag ? `${flag}: ${issue.message}` : issue.message;
        }),
      ),
    );
  }
  const { name, email: cleanEmail, deviceNumber } = parsed.data;
  return { name, email: cleanEmail, phone: deviceNumber, role, place };
}
