import { notificationCalls as calls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { routesUsing } from '@/routes-using';

/** The organisation filter's menus (SPEC §7.2): what of the organisation the caller may see. */
export const organisationRoutes = routesUsing(['organisation'], async (app, { organisation }) => {
  routeCalls(app, { tags: ['organisation'] }, calls, {
    listAgencies: {
      summary: 'The agencies the caller may see',
      handle: async (_input, request) =>
        (await organisation.agencies(authOf(request).scope)).map(({ id, name }) => ({ id, name })),
    },
    listBranches: {
      summary: "The branches the caller may see, or one agency's",
      handle: async ({ query }, request) =>
        (await organisation.branches(authOf(request).scope, query.agencyId)).map(
          ({ id, pcc, name }) => ({ id, pcc, name }),
        ),
    },
    listAgents: {
      summary: "The agents the caller may see, or one branch's",
      description:
        'With withoutUser, only the agents no user is placed at (the choices of a new agent ' +
        "user), keeping keepingUser's own agent among them.",
      handle: async ({ query: { branchId, ...filter } }, request) =>
        (await organisation.agents(authOf(request).scope, branchId, filter)).map(
          ({ id, initials, name }) => ({ id, initials, name }),
        ),
    },
  });
});
