import type { AssignableRole } from '@smt/shared';

/** What the users list is searched by; a field left out is no filter. */
export type UserSearch = {
  name?: string;
  email?: string;
  deviceNumber?: string;
  role?: AssignableRole;
};
