import { AssignableRole, type ManagedUser } from '@smt/shared';

// The user form's values as the fields hold them, and the body fields they make.

export type UserFormValues = {
  name: string;
  email: string;
  deviceNumber: string;
  role: string;
  agencyId: string;
  branchId: string;
  agentId: string;
  enabled: boolean;
  activated: boolean;
};

export const EMPTY_USER_FORM: UserFormValues = {
  name: '',
  email: '',
  deviceNumber: '',
  role: '',
  agencyId: '',
  branchId: '',
  agentId: '',
  // A new user may sign in at once unless told otherwise, as the server's defaults say.
  enabled: true,
  activated: true,
};

/** An edited user's values; a role the picker does not offer (new-registered) is left empty. */
export function userFormOf(user: ManagedUser): UserFormValues {
  const role = user.roles.find((held) => AssignableRole.safeParse(held).success) ?? '';
  return {
    name: user.name,
    email: user.email,
    deviceNumber: user.deviceNumber,
    role,
    agencyId: user.agencyId === null ? '' : String(user.agencyId),
    branchId: user.branchId === null ? '' : String(user.branchId),
    agentId: user.agentId === null ? '' : String(user.agentId),
    enabled: user.enabled,
    activated: user.activated,
  };
}

/**
 * The fields the create and update schemas parse. The place is the deepest level chosen: the
 * server takes exactly one of agentId, branchId and agencyId and derives the rest.
 */
export function userBodyOf(values: UserFormValues) {
  const place = values.agentId
    ? { agentId: values.agentId }
    : values.branchId
      ? { branchId: values.branchId }
      : values.agencyId
        ? { agencyId: values.agencyId }
        : {};
  return {
    name: values.name,
    email: values.email,
    deviceNumber: values.deviceNumber,
    role: values.role,
    ...place,
    enabled: values.enabled,
    activated: values.activated,
  };
}
