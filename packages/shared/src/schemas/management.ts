import { z } from 'zod';
import { ServerRole } from '../enums/roles';
import { validationMessages } from '../messages';
import { EmailField, FlagField, PhoneField } from './sign-in';

// What the management calls (calls/management-calls.ts) take and answer. Bodies are
// form-encoded, so numbers and flags arrive as text and are coerced here.

export const MAX_MANAGEMENT_PAGE = 100;

export const managementMessages = {
  idInvalid: 'Should be a positive whole number',
  nameTooLong: 'Name should be at most 100 characters',
  pccInvalid: 'PCC should be 2 to 10 letters or digits',
  initialsInvalid: 'Initials should be 1 to 5 letters or digits',
  roleInvalid: 'Role should be one of the roles a user may be given',
  oneScope: 'Give exactly one of agencyId, branchId or agentId',
  agentRoleNeedsAgent: 'Choose the agent this user books as',
  branchManagerNeedsBranch: 'Choose the branch this manager runs',
  searchTooLong: 'Search text should be at most 100 characters',
  pageTooLarge: `Limit should be from 1 to ${MAX_MANAGEMENT_PAGE}`,
  // Not of the spec: the answer (429) once a caller has named too many taken e-mails, phone
  // numbers or branch codes (docs/decisions/025).
  conflictsLimited:
    'Too many of your changes named an e-mail, phone number or PCC that is already taken. ' +
    'Please try again in an hour.',
} as const;

const Id = z.coerce
  .number({ error: managementMessages.idInvalid })
  .int(managementMessages.idInvalid)
  .positive(managementMessages.idInvalid)
  .max(Number.MAX_SAFE_INTEGER, managementMessages.idInvalid);

const Name = z
  .string()
  .trim()
  .min(1, validationMessages.nameRequired)
  .max(100, managementMessages.nameTooLong);

const Pcc = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2,10}$/, managementMessages.pccInvalid)
  .transform((pcc) => pcc.toUpperCase());

const Initials = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,5}$/, managementMessages.initialsInvalid)
  .transform((initials) => initials.toUpperCase());

/** Every server role but the new-registered one (SPEC §6: the role picker's choices). */
export const AssignableRole = z.enum(
  ServerRole.options.filter((role) => role !== 'ROLE_SA_NEW_REGISTERED_USER') as [
    Exclude<ServerRole, 'ROLE_SA_NEW_REGISTERED_USER'>,
    ...Exclude<ServerRole, 'ROLE_SA_NEW_REGISTERED_USER'>[],
  ],
  { error: managementMessages.roleInvalid },
);
export type AssignableRole = z.infer<typeof AssignableRole>;

/** Empty form fields mean 'not given'. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A status switch: required, true/false from JSON or the text a form sends. */
const Switch = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])], {
    error: 'Should be true or false',
  })
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

const Search = optional(z.string().trim().max(100, managementMessages.searchTooLong));

const Paging = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce
    .number()
    .int(managementMessages.pageTooLarge)
    .min(1, managementMessages.pageTooLarge)
    .max(MAX_MANAGEMENT_PAGE, managementMessages.pageTooLarge)
    .default(20),
};

// ---- agencies ------------------------------------------------------------------------------

export const AgencyCreateBody = z.object({ name: Name });
export const AgencyUpdateBody = z.object({ agencyId: Id, name: Name });
export const AgencyStatusBody = z.object({ agencyId: Id, enabled: Switch });
export const AgencyDeleteBody = z.object({ agencyId: Id });
export const AgencyCsvQuery = z.object({ name: Search });
export const AgencyListQuery = AgencyCsvQuery.extend(Paging);
export type AgencyListQuery = z.infer<typeof AgencyListQuery>;

export const ManagedAgency = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
});
export type ManagedAgency = z.infer<typeof ManagedAgency>;

// ---- branches ------------------------------------------------------------------------------

export const BranchCreateBody = z.object({ name: Name, pcc: Pcc, agencyId: Id });
export const BranchUpdateBody = BranchCreateBody.extend({ branchId: Id });
export const BranchStatusBody = z.object({ branchId: Id, enabled: Switch });
export const BranchDeleteBody = z.object({ branchId: Id });
/** `name` searches the name and the PCC. */
export const BranchCsvQuery = z.object({ name: Search, agencyId: optional(Id) });
export const BranchListQuery = BranchCsvQuery.extend(Paging);
export type BranchListQuery = z.infer<typeof BranchListQuery>;

export const ManagedBranch = z.object({
  id: z.number().int(),
  name: z.string(),
  pcc: z.string(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  enabled: z.boolean(),
});
export type ManagedBranch = z.infer<typeof ManagedBranch>;

// ---- agents --------------------------------------------------------------------------------

export const AgentCreateBody = z.object({ name: Name, initials: Initials, branchId: Id });
export const AgentUpdateBody = AgentCreateBody.extend({ agentId: Id });
export const AgentStatusBody = z.object({ agentId: Id, enabled: Switch });
export const AgentDeleteBody = z.object({ agentId: Id });
/** `name` searches the name and the initials. */
export const AgentCsvQuery = z.object({
  name: Search,
  agencyId: optional(Id),
  branchId: optional(Id),
});
export const AgentListQuery = AgentCsvQuery.extend(Paging);
export type AgentListQuery = z.infer<typeof AgentListQuery>;

export const ManagedAgent = z.object({
  id: z.number().int(),
  name: z.string(),
  initials: z.string(),
  branchId: z.number().int(),
  pcc: z.string(),
  agencyId: z.number().int(),
  enabled: z.boolean(),
});
export type ManagedAgent = z.infer<typeof ManagedAgent>;

// ---- users ---------------------------------------------------------------------------------

const UserPlacement = {
  agencyId: optional(Id),
  branchId: optional(Id),
  agentId: optional(Id),
};

type PlacedUser = {
  role: AssignableRole;
  agencyId?: number | undefined;
  branchId?: number | undefined;
  agentId?: number | undefined;
};

/** Exactly one of agencyId, branchId, agentId, deep enough for the role to have a scope. */
function checkPlacement(user: PlacedUser, ctx: z.RefinementCtx) {
  const given = [user.agencyId, user.branchId, user.agentId].filter((id) => id !== undefined);
  if (given.length !== 1) {
    ctx.addIssue({ code: 'custom', path: ['agencyId'], message: managementMessages.oneScope });
  } else if (user.role === 'ROLE_SA_AGENT_USER' && user.agentId === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['agentId'],
      message: managementMessages.agentRoleNeedsAgent,
    });
  } else if (user.role === 'ROLE_SA_BRANCH_MANAGER_USER' && user.agencyId !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['branchId'],
      message: managementMessages.branchManagerNeedsBranch,
    });
  }
}

const UserFields = z.object({
  name: Name,
  email: EmailField,
  // The device number follows the login phone rules (SPEC §5).
  deviceNumber: PhoneField,
  role: AssignableRole,
  ...UserPlacement,
});

export const UserCreateBody = UserFields.extend({
  enabled: FlagField.default(true),
  activated: FlagField.default(true),
}).superRefine(checkPlacement);
export type UserCreateBody = z.infer<typeof UserCreateBody>;
export const UserUpdateBody = UserFields.extend({ userId: Id }).superRefine(checkPlacement);
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;
export const UserStatusBody = z.object({ userId: Id, enabled: Switch });
export const UserActivationBody = z.object({ userId: Id, activated: Switch });
export const UserDeleteBody = z.object({ userId: Id });

export const UserCsvQuery = z.object({
  email: Search,
  name: Search,
  deviceNumber: Search,
  role: optional(AssignableRole),
  ...UserPlacement,
});
export const UserListQuery = UserCsvQuery.extend(Paging);
export type UserListQuery = z.infer<typeof UserListQuery>;

export const ManagedUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  deviceNumber: z.string(),
  roles: z.array(ServerRole),
  agencyId: z.number().int().nullable(),
  /** Where the user sits, as the list shows it: the agency's name and the branch's PCC. */
  agencyName: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchPcc: z.string().nullable(),
  agentId: z.number().int().nullable(),
  enabled: z.boolean(),
  activated: z.boolean(),
});
export type ManagedUser = z.infer<typeof ManagedUser>;

/** A page of a management list. */
export const managedPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

export const ManagedAgencyPage = managedPage(ManagedAgency);
export const ManagedBranchPage = managedPage(ManagedBranch);
export const ManagedAgentPage = managedPage(ManagedAgent);
export const ManagedUserPage = managedPage(ManagedUser);

/** What a create answers: the new row's id. */
export const CreatedId = z.object({ id: z.number().int() });
