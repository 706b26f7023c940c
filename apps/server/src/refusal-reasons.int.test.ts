import {
  accountCalls,
  accountMessages,
  authCalls,
  connectionCalls,
  connectionMessages,
  creditCalls,
  dashboardCalls,
  devCalls,
  errorMessages,
  impersonationCalls,
  managementToolCalls,
  notificationCalls,
  pathOfCall,
  pnrCalls,
  subscriptionCalls,
  subscriptionMessages,
  type Call,
  type Refusal,
} from '@smt/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '@/db/schema';
import { DEMO, signIn, type DemoPerson } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';
import { TEST_DATABASE_KINDS } from '../test/test-database';

// Issue 38 point 8: a module's refusal reaches the caller with its reason beside CONTRACT's code
// and the message, so a client tells apart refusals that share a code. One real refusal of each
// module here, through HTTP; the live stream's, onboarding's and push's are asserted whole in
// their own routes tests, which need a stream or a new user.

const MISSING = 2_000_000_000;

type Asked = {
  call: Call;
  who: DemoPerson | null;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
};

describe.each(TEST_DATABASE_KINDS)("the module's reason of a refusal on %s", (kind) => {
  let t: TestApp;
  const sessions = new Map<DemoPerson, Promise<Record<string, string>>>();
  let globeAgencyId = 0;

  const headersOf = (who: DemoPerson) => {
    let headers = sessions.get(who);
    if (!headers) {
      headers = signIn(t.app, who).then((session) => session.headers);
      sessions.set(who, headers);
    }
    return headers;
  };

  async function ask({ call, who, params, query, body }: Asked) {
    const search = new URLSearchParams(
      Object.entries(query ?? {}).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    return t.app.inject({
      method: call.method,
      url: `/api/${pathOfCall(call, params)}${search ? `?${search}` : ''}`,
      headers: who ? await headersOf(who) : {},
      ...(body !== undefined && { payload: body as object }),
    });
  }

  async function expectRefusal(
    asked: Asked,
    answer: { status: number; code: string; message: string; reason: Refusal },
  ) {
    const res = await ask(asked);
    expect(res.statusCode, res.body).toBe(answer.status);
    expect(res.json()).toEqual({
      code: answer.code,
      message: answer.message,
      reason: answer.reason,
    });
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [globe] = await t.database.db
      .select({ id: agencies.id })
      .from(agencies)
      .where(eq(agencies.name, 'Globe Tours'));
    if (!globe) throw new Error('the demo has no Globe Tours');
    globeAgencyId = globe.id;
  });

  afterAll(async () => {
    await t.close();
  });

  it("should name auth's refusal of a sign-in link it never sent", async () => {
    await expectRefusal(
      {
        call: authCalls.verifyEmail,
        who: null,
        body: { email: DEMO.agent.email, oobCode: 'no-such-link', keepLoggedIn: false },
      },
      {
        status: 400,
        code: 'BAD_REQUEST',
        message: errorMessages.loginLinkExpired,
        reason: 'auth.link-expired',
      },
    );
  });

  it("should name auth's refusal of a call without a session", async () => {
    await expectRefusal(
      { call: pnrCalls.ticketing, who: null, query: { pnrNumber: 'ZZZZZ9', gdsId: 'SIM' } },
      { status: 401, code: 'UNAUTHORIZED', message: 'Please sign in.', reason: 'auth.signed-out' },
    );
  });

  it("should tell the pnrs module's refusal of a booking not the agent's", async () => {
    await expectRefusal(
      { call: pnrCalls.ticketing, who: DEMO.agent, query: { pnrNumber: 'ZZZZZ9', gdsId: 'SIM' } },
      {
        status: 404,
        code: 'NOT_FOUND',
        message: 'There is no such PNR among your bookings.',
        reason: 'pnrs.not-yours',
      },
    );
  });

  it("should tell the notifications module's refusal of a missing notification", async () => {
    await expectRefusal(
      { call: notificationCalls.data, who: DEMO.agent, body: { notification_id: MISSING } },
      {
        status: 404,
        code: 'NOT_FOUND',
        message: 'Notification not found',
        reason: 'notifications.not-found',
      },
    );
  });

  it("should tell the share module's refusal of a link it never made", async () => {
    await expectRefusal(
      {
        call: notificationCalls.publicShare,
        who: null,
        params: { id: MISSING, timestamp: 0, token: 'not-a-token' },
      },
      {
        status: 404,
        code: 'NOT_FOUND',
        message: 'The link has been expired',
        reason: 'share.link-expired',
      },
    );
  });

  it("should tell the management module's refusal of a PNR no agency has", async () => {
    await expectRefusal(
      { call: managementToolCalls.pnrInfo, who: DEMO.superUser, query: { pnrNumber: 'ZZZZZ9' } },
      {
        status: 404,
        code: 'NOT_FOUND',
        message: 'PNR not found',
        reason: 'management.pnr-not-found',
      },
    );
  });

  it("should tell the credits module's refusal of a credit that is not there", async () => {
    await expectRefusal(
      {
        call: creditCalls.setState,
        who: DEMO.agent,
        params: { id: MISSING },
        body: { state: 'used' },
      },
      {
        status: 404,
        code: 'NOT_FOUND',
        message: 'There is no such credit.',
        reason: 'credits.not-found',
      },
    );
  });

  it("should tell the connections module's refusal of a connection that is not there", async () => {
    await expectRefusal(
      { call: connectionCalls.test, who: DEMO.manager, body: { connectionId: MISSING } },
      {
        status: 404,
        code: 'NOT_FOUND',
        message: connectionMessages.notFound,
        reason: 'connections.not-found',
      },
    );
  });

  it("should tell the organisation module's refusal of another agency's branches", async () => {
    await expectRefusal(
      {
        call: notificationCalls.listBranches,
        who: DEMO.manager,
        query: { agencyId: globeAgencyId },
      },
      {
        status: 403,
        code: 'FORBIDDEN',
        message: 'You may not see the branches of that agency.',
        reason: 'organisation.agency-outside',
      },
    );
  });

  it("should tell the dashboard module's refusal of another agency's figures", async () => {
    await expectRefusal(
      {
        call: dashboardCalls.completedVsTotal,
        who: DEMO.manager,
        query: { type: 'Agency', id: globeAgencyId },
      },
      {
        status: 403,
        code: 'FORBIDDEN',
        message: 'You may not see the figures of that agency, branch or agent.',
        reason: 'dashboard.audience-outside',
      },
    );
  });

  it("should tell the subscriptions module's refusal of a branch outside the manager's", async () => {
    await expectRefusal(
      {
        call: subscriptionCalls.update,
        who: DEMO.manager,
        body: [{ process: 'ADM', branchId: MISSING, media: 'EMAIL', action: 'ENABLE' }],
      },
      {
        status: 403,
        code: 'FORBIDDEN',
        message: subscriptionMessages.branchOutside,
        reason: 'subscriptions.branch-outside',
      },
    );
  });

  it("should tell the impersonation module's refusal to end what never began", async () => {
    await expectRefusal(
      { call: impersonationCalls.switchUserExit, who: DEMO.agent },
      {
        status: 400,
        code: 'BAD_REQUEST',
        message: accountMessages.notImpersonating,
        reason: 'impersonation.not-impersonating',
      },
    );
  });

  it("should tell the account module's refusal to unregister the last super user", async () => {
    await expectRefusal(
      { call: accountCalls.unregister, who: DEMO.superUser },
      {
        status: 409,
        code: 'CONFLICT',
        message: accountMessages.lastSuperUser,
        reason: 'account.last-super-user',
      },
    );
  });

  it("should tell the dev module's refusal of a booking the simulator does not hold", async () => {
    await expectRefusal(
      { call: devCalls.gdsBooking, who: null, params: { locator: 'ZZZZZ9' } },
      {
        status: 404,
        code: 'NOT_FOUND',
        message: 'The GDS has no such booking',
        reason: 'dev.no-such-booking',
      },
    );
  });
});
