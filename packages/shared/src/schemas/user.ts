import * as z from 'zod/mini';
import { ServerRole, UiRole } from '../enums/roles';

/** The user of SPEC §3, as `getUserDetails` answers it; zod/mini, checked before any page. */
export const UserDetails = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: z.array(UiRole),
  serverRoles: z.array(ServerRole),
  betaFeatures: z.array(z.string()),
  multiAgent: z.boolean(),
  impersonatingUser: z.nullable(z.object({ id: z.int(), name: z.string(), phone: z.string() })),
});
export type UserDetails = z.infer<typeof UserDetails>;
