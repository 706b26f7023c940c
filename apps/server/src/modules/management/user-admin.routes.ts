import {
  CreatedId,
  MANAGEMENT_CALLS as CALLS,
  ManagedUserPage,
  ROUTES,
  UserActivationBody,
  UserCreateBody,
  UserCsvQuery,
  UserDeleteBody,
  UserListQuery,
  UserStatusBody,
  UserUpdateBody,
} from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '@/plugins/auth';
import { managementCsv, managementCsvFileName, type CsvColumn } from './management-csv';
import { createUserAdmin, type Caller } from './user-admin.service';
import * as repo from './user-admin.repository';

const Done = z.object({ ok: z.literal(true) });
const done = { ok: true as const };

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
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const admin = createUserAdmin({ db, clock: app.clock });
  const tags = ['management'];
  const config = { access: ROUTES.users };
  const path = (call: string) => `/api/${call}`;
  const callerOf = (request: FastifyRequest): Caller => {
    const { user, realUser, scope } = authOf(request);
    return { userId: user.id, realUserId: realUser.id, realUserRoles: realUser.roles, scope };
  };

  app.post(
    path(CALLS.userCreate),
    {
      // Managers add their agency's users from the users page; the add-user page itself is
      // the super user's (SPEC §6, docs/decisions/017).
      config,
      schema: {
        tags,
        summary: 'Adds a user with one role, placed at an agency, a branch or an agent',
        body: UserCreateBody,
        response: { 200: CreatedId },
      },
    },
    async (request) => admin.create(callerOf(request), request.body),
  );
  app.post(
    path(CALLS.userUpdate),
    {
      config,
      schema: {
        tags,
        summary: "Changes a user's name, e-mail, device number, role and place",
        body: UserUpdateBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.update(callerOf(request), request.body), done),
  );
  app.post(
    path(CALLS.userUpdateStatus),
    {
      config,
      schema: {
        tags,
        summary: 'Enables or disables a user; a disabled user cannot sign in',
        body: UserStatusBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.setEnabled(callerOf(request), request.body), done),
  );
  app.post(
    path(CALLS.userUpdateActivation),
    {
      config,
      schema: {
        tags,
        summary: 'Activates or deactivates a user; an inactive user cannot sign in',
        body: UserActivationBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.setActivated(callerOf(request), request.body), done),
  );
  app.post(
    path(CALLS.userDelete),
    {
      config,
      schema: {
        tags,
        summary: 'Deletes a user and ends their sessions',
        body: UserDeleteBody,
        response: { 200: Done },
      },
    },
    async (request) => (await admin.delete(callerOf(request), request.body), done),
  );
  app.get(
    path(CALLS.userList),
    {
      config,
      schema: {
        tags,
        summary: 'A page of the users the caller may manage, searched and filtered',
        querystring: UserListQuery,
        response: { 200: ManagedUserPage },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { offset, limit, ...filter } = request.query;
      await admin.checkFilter(caller, filter);
      const [items, total] = await Promise.all([
        repo.selectUsers(db, caller.scope, filter, { offset, limit }),
        repo.countUsers(db, caller.scope, filter),
      ]);
      return { items, total };
    },
  );
  app.get(
    path(CALLS.userCsv),
    {
      config,
      schema: {
        tags,
        summary: 'Every user of a search, as a CSV file',
        querystring: UserCsvQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await admin.checkFilter(caller, request.query);
      const rows = await repo.selectUsers(db, caller.scope, request.query);
      const csv = managementCsv(USER_CSV, rows, (error) =>
        request.log.error({ err: error }, 'users CSV failed while streaming'),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${managementCsvFileName('users', app.clock.now())}"`,
        )
        .send(csv);
    },
  );
};
