import { managedKindCalls, managementCalls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { callerOf } from '@/plugins/auth';
import type { CsvColumn } from './management-csv';
import { routeKind } from './management-kind-routes';
import type * as repo from './user-admin.repository';
import { routesUsing } from '@/routes-using';

const USER_CSV: CsvColumn<repo.ManagedUserRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Name', value: (row) => row.name },
  { header: 'Email', value: (row) => row.email },
  { header: 'Device number', value: (row) => row.deviceNumber },
  { header: 'Roles', value: (row) => row.roles.join(' ') },
  { header: 'Agency ID', value: (row) => row.agencyId ?? '' },
  { header: 'Agency', value: (row) => row.agencyName ?? '' },
  { header: 'Branch ID', value: (row) => row.branchId ?? '' },
  { header: 'Branch', value: (row) => row.branchPcc ?? '' },
  { header: 'Agent ID', value: (row) => row.agentId ?? '' },
  { header: 'Enabled', value: (row) => row.enabled },
  { header: 'Activated', value: (row) => row.activated },
];

/** The user management page (SPEC §7.2: admin/management/user/*). */
export const userAdminRoutes = routesUsing(
  ['userAdmin', 'clock'],
  async (app, { userAdmin: admin, clock }) => {
    routeKind(app, clock, {
      list: 'users',
      calls: managedKindCalls.user,
      summaries: {
        create: 'Adds a user with one role, placed at an agency, a branch or an agent',
        update: "Changes a user's name, e-mail, device number, role and place",
        updateStatus: 'Enables or disables a user; a disabled user cannot sign in',
        remove: 'Deletes a user and ends their sessions',
        list: 'A page of the users the caller may manage, searched and filtered',
        csv: 'Every user of a search, as a CSV file',
      },
      service: admin,
      columns: USER_CSV,
    });
    routeCalls(app, { tags: ['management'] }, managementCalls, {
      userUpdateActivation: {
        summary: 'Activates or deactivates a user; an inactive user cannot sign in',
        handle: async ({ body }, request) => {
          await admin.setActivated(callerOf(request), body);
          return { ok: true as const };
        },
      },
    });
  },
);
