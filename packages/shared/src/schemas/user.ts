import { z } from 'zod';
import { ServerRole, UiRole } from '../enums/roles';

/** The user of SPEC §3, as `getUserDetails` answers it. */
export const UserDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: z.array(UiRole),
  serverRoles: z.array(ServerRole),
  betaFeatures: z.array(z.string()),
  multiAgent: z.boolean(),
  impersonatingUser: z
    .object({ id: z.number().int(), name: z.string(), phone: z.string() })
    .nullable(),
});
export type UserDetails = z.infer<typeof UserDetails>;
