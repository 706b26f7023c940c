import { expect, type APIRequestContext, type request } from '@playwright/test';
import type { DemoUser } from './sign-in-support';

// The browser tests' server runs the simulated GDS with its clock stopped (playwright.config):
// the demo's scripted changes happen when a test moves that clock. Not a test file itself.

const HOUR = 3_600_000;
const PANEL_GROUPS = ['REPRICE', 'ADM', 'TICKETING_DUE', 'RESCHEDULE', 'WAITLIST'];
/** Every scripted change of the demo happens within six hours of GDS time. */
const DEMO_HOURS = 8;

/** A demo user signed in through the API, in a cookie jar of its own. */
export type Session = {
  /** Fresh headers: the access token is renewed from the session cookie at each call. */
  headers: () => Promise<Record<string, string>>;
  dispose: () => Promise<void>;
};

/**
 * Signs demo users in through the API (the test key and the dev inbox) with 'keep me logged in',
 * so they outlive the moves of the server's clock that browser sign-ins make. Call it before a
 * browser signs in: it moves the server's clock past the send limits once.
 */
export async function apiSessions(
  playwright: typeof request,
  baseURL: string,
  users: readonly DemoUser[],
): Promise<Session[]> {
  const admin = await playwright.newContext({ baseURL });
  await admin.post('/api/dev/clock', { data: { advanceMinutes: 61 } });
  await admin.dispose();
  return Promise.all(
    users.map(async (user) => {
      const context = await playwright.newContext({ baseURL });
      const sent = await context.post('/api/auth/sms/send', {
        data: { email: user.email, phone: user.e164, captcha: 'local-test-key' },
      });
      expect(sent.status()).toBe(200);
      const inbox = (await (
        await context.get(`/api/dev/inbox?to=${encodeURIComponent(user.e164)}`)
      ).json()) as { code?: string }[];
      const verified = await context.post('/api/auth/sms/verify', {
        data: {
          email: user.email,
          phone: user.e164,
          code: inbox.find((message) => message.code)?.code,
          keepLoggedIn: true,
        },
      });
      expect(verified.status()).toBe(200);
      return {
        headers: async () => {
          const refreshed = await context.post('/api/auth/refresh');
          expect(refreshed.status()).toBe(200);
          const { accessToken } = (await refreshed.json()) as { accessToken: string };
          return { 'SA-REGID': accessToken, 'SA-DN': user.e164, 'SA-EMAIL': user.email };
        },
        dispose: () => context.dispose(),
      };
    }),
  );
}

type EngineStatus = { bookingsMonitored: number; checkedWithinMinute: number };

/**
 * Waits until the engine has checked every watched booking at the GDS's present time: each
 * last checked within a minute of it, so after a move of the clock each was looked at since
 * (Health's 'up to date' counts bookings whose next check is not overdue: after a move of the
 * clock, a booking checked daily still counts though the demo's scripted change is not yet
 * seen). When it does not, the failure shows the engine's last status (queue, checks, its last
 * errors): the CI log is all there is to read of a run elsewhere.
 */
export async function waitForEngineToCatchUp(request: APIRequestContext, superUser: Session) {
  let last: unknown;
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/admin/health/engine', {
          headers: await superUser.headers(),
        });
        const status = (await answer.json()) as EngineStatus;
        last = status;
        return (
          status.bookingsMonitored > 0 && status.checkedWithinMinute >= status.bookingsMonitored
        );
      },
      {
        timeout: 90_000,
        intervals: [1_000],
        message: 'the engine to catch up (its last status is printed below)',
      },
    )
    .toBe(true)
    .catch((error: unknown) => {
      console.error(`The engine's last status: ${JSON.stringify(last, null, 1)}`);
      throw error;
    });
}

/**
 * Lets the engine look at the demo as it was seeded, then moves the GDS past the demo's
 * scripted hours (once per server) and waits until the engine has raised what they bring:
 * pending notifications of every group (or of `groups`) for `user`.
 */
export async function raiseDemoNotifications(
  request: APIRequestContext,
  superUser: Session,
  user: Session,
  // Tests before may have acted on some groups already; a test names those it needs.
  groups: readonly string[] = PANEL_GROUPS,
) {
  const clock = (await (await request.get('/api/dev/gds/clock')).json()) as { now: string };
  if (Date.parse(clock.now) < Date.now() + (DEMO_HOURS - 1) * HOUR) {
    // Waitlists clear after the first look: that look must have seen them waitlisted.
    await waitForEngineToCatchUp(request, superUser);
    await request.post('/api/dev/gds/clock', { data: { advanceMinutes: DEMO_HOURS * 60 } });
  }
  await waitForEngineToCatchUp(request, superUser);
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/admin/stats/userNotifications', {
          headers: await user.headers(),
        });
        const { byGroup } = (await answer.json()) as {
          byGroup: { group: string; pending: number }[];
        };
        return groups.filter((group) =>
          byGroup.some((entry) => entry.group === group && entry.pending > 0),
        );
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toEqual(groups);
}

/** A pending notification as the list calls answer it, as far as the tests read it. */
export type PendingItem = { notification_id: number; pnr: string };

/** The caller's own pending ticketing deadlines, all of them, as the list call answers them. */
export async function pendingTicketingDues(
  request: APIRequestContext,
  session: Session,
): Promise<PendingItem[]> {
  const answer = await request.post('/api/v2/getNotificationList', {
    headers: await session.headers(),
    form: { fetchType: 'personal', group: 'TICKETING_DUE', subtype: 'Pending', chunk: '9999' },
  });
  expect(answer.status()).toBe(200);
  const { notifications } = (await answer.json()) as { notifications: PendingItem[] };
  return notifications;
}

/** A ticketing deadline the engine raises for `agent` on a booking made for the caller. */
export async function freshTicketingDue(
  request: APIRequestContext,
  session: Session,
  agent: DemoUser,
): Promise<PendingItem> {
  const made = await request.post('/api/dev/gds/bookings', {
    data: { agentEmail: agent.email, ticketingDueInHours: 20 },
  });
  expect(made.status()).toBe(200);
  const { locator } = (await made.json()) as { locator: string };
  let found: PendingItem | undefined;
  await expect
    .poll(
      async () => {
        found = (await pendingTicketingDues(request, session)).find((item) => item.pnr === locator);
        return found !== undefined;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(true);
  return found!;
}

/** The public link to a fresh ticketing deadline of `agent`, as Share makes it: '/smtapp/share/…'. */
export async function freshSharePath(
  request: APIRequestContext,
  session: Session,
  agent: DemoUser,
): Promise<string> {
  const due = await freshTicketingDue(request, session, agent);
  const shared = await request.post('/api/getNotificationShare', {
    headers: await session.headers(),
    data: { notification_id: due.notification_id },
  });
  expect(shared.status()).toBe(200);
  const { url } = (await shared.json()) as { url: string };
  return new URL(url).pathname;
}
