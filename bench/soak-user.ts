import {
  DASHBOARD_CALLS,
  NOTIFICATION_CALLS,
  NOTIFICATION_PAGE_SIZE,
  PANEL_GROUPS,
  PNR_CALLS,
  PNR_LIST_PAGE_SIZE,
  PNR_NOTIFICATIONS_CHUNK,
  ROUTES,
  defaultNotificationRange,
  isRouteAllowed,
  monthsBefore,
  routeRolesOf,
  userClassOf,
  type ListGroup,
  type NotificationDetails,
  type NotificationFilter,
  type NotificationListItem,
  type NotificationListResponse,
  type NotificationSubtype,
  type PnrListItem,
  type PnrListResponse,
  type UserDetails,
  utcDayOf,
} from '@smt/shared';
import type { Browser, Call, Form } from './soak-http';

// One simulated person: signs in by SMS as the login page does, then goes from page to page of
// the SPA with a pause to think between pages, sending the calls each page sends, while the
// unread counters poll in the background as the header's badge does.

export type Person = { email: string; phone: string };

/** Pause between pages, in milliseconds, drawn uniformly. */
export type ThinkTime = { min: number; max: number };

const CAPTCHA_TEST_KEY = 'local-test-key';
/** The SPA's counters poll (NEW_NOTIFICATIONS_POLL_MS). */
const COUNTERS_POLL_MS = 15_000;
/** My PNRs polls a refresh's result after 7 seconds (SPEC §4). */
const PNR_UPDATES_AFTER_MS = 7_000;

/** A small seeded generator (mulberry32), so each person's walk is the same run after run. */
export function randomOf(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Page =
  | 'home'
  | 'pending'
  | 'complete'
  | 'recent'
  | 'details'
  | 'myPnrs'
  | 'dashboard'
  | 'monthly'
  | 'export';

type Visitor = {
  browser: Browser;
  random: () => number;
  user: UserDetails;
  manager: boolean;
  /** Whose notifications the lists and counters read (SPEC §6). */
  filter: NotificationFilter;
  /** The rows of the last list the person looked at: what they open next. */
  seen: NotificationListItem[];
  /** Every notification anyone deleted in this run, from the moment the delete is sent. */
  deleted: Set<number>;
};

const pick = <T>(random: () => number, items: readonly T[]): T | undefined =>
  items[Math.floor(random() * items.length)];

function weighted<T extends string>(random: () => number, weights: Partial<Record<T, number>>): T {
  const entries = Object.entries(weights) as [T, number][];
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [item, weight] of entries) {
    left -= weight;
    if (left < 0) return item;
  }
  return entries[entries.length - 1]![0];
}

const today = () => utcDayOf(new Date());

/** The login page's SMS flow, the code read from the dev inbox; answers whether it worked. */
export async function signIn(browser: Browser, person: Person): Promise<boolean> {
  const who = { email: person.email, phone: person.phone };
  const sent = await browser.send({
    kind: 'auth/sms/send',
    method: 'POST',
    path: 'auth/sms/send',
    json: { ...who, captcha: CAPTCHA_TEST_KEY },
  });
  if (!sent.ok) return false;
  const inbox = await browser.json<{ code?: string }[]>({
    kind: 'dev/inbox',
    method: 'GET',
    path: 'dev/inbox',
    query: { to: person.phone },
  });
  const code = inbox?.find((message) => message.code)?.code;
  if (!code) return false;
  const tokens = await browser.json<{ accessToken: string }>({
    kind: 'auth/sms/verify',
    method: 'POST',
    path: 'auth/sms/verify',
    json: { ...who, code, keepLoggedIn: false },
  });
  if (!tokens) return false;
  browser.headers = {
    'SA-REGID': tokens.accessToken,
    'SA-DN': person.phone,
    'SA-EMAIL': person.email,
  };
  return true;
}

const userDetails = (browser: Browser) =>
  browser.json<UserDetails>({ kind: 'getUserDetails', method: 'GET', path: 'getUserDetails' });

const counters = (visitor: Visitor) =>
  visitor.browser.send({
    kind: NOTIFICATION_CALLS.unreadCounters,
    method: 'POST',
    path: NOTIFICATION_CALLS.unreadCounters,
    json: visitor.filter,
  });

function list(
  visitor: Visitor,
  group: ListGroup,
  subtype: readonly NotificationSubtype[],
  offset = 0,
): Promise<NotificationListResponse | null> {
  return visitor.browser.json<NotificationListResponse>({
    kind: NOTIFICATION_CALLS.list,
    method: 'POST',
    path: NOTIFICATION_CALLS.list,
    form: { ...(visitor.filter as Form), group, subtype, offset, chunk: NOTIFICATION_PAGE_SIZE },
  });
}

async function home(visitor: Visitor): Promise<void> {
  // A manager's home opens in Admin mode over their whole scope; an agent's is personal.
  const stats: Call = visitor.manager
    ? {
        kind: NOTIFICATION_CALLS.allStats,
        method: 'GET',
        path: NOTIFICATION_CALLS.allStats,
        query: { type: 'Agency' },
      }
    : { kind: NOTIFICATION_CALLS.userStats, method: 'GET', path: NOTIFICATION_CALLS.userStats };
  await Promise.all([visitor.browser.send(stats), counters(visitor)]);
}

/** The notifications screen: one column per group, then 'Show More' on one or two of them. */
async function columns(visitor: Visitor, subtype: readonly NotificationSubtype[]): Promise<void> {
  const pages = await Promise.all(PANEL_GROUPS.map((group) => list(visitor, group, subtype)));
  visitor.seen = pages.flatMap((page) => page?.notifications ?? []);
  let offset = NOTIFICATION_PAGE_SIZE;
  const group = pick(visitor.random, PANEL_GROUPS) ?? 'REPRICE';
  while (visitor.random() < 0.5) {
    await sleep(500 + visitor.random() * 1000);
    const more = await list(visitor, group, subtype, offset);
    visitor.seen.push(...(more?.notifications ?? []));
    if (!more?.hasMore) break;
    offset += NOTIFICATION_PAGE_SIZE;
  }
}

async function recent(visitor: Visitor): Promise<void> {
  const page = await list(visitor, 'RECENT', ['Pending']);
  visitor.seen = page?.notifications ?? [];
}

const byId = (id: number): Form => ({ notification_id: id });

/**
 * Opens a notification seen in a list, as the details overlay does, and sometimes acts on it:
 * the switch (keep repricing or alerting) or delete, where the overlay offers them. Only agents
 * act, on their own notifications, so two people never act on one notification at once.
 */
async function details(visitor: Visitor): Promise<void> {
  if (visitor.seen.length === 0) await recent(visitor);
  const row = pick(visitor.random, visitor.seen);
  if (!row) return;
  const { browser, random } = visitor;
  const id = row.notification_id;
  // A manager may open what an agent deleted since the list was read: then it is not found,
  // and the overlay says 'Notification is not available'.
  const goneMeanwhile = (status: number) => status === 404 && visitor.deleted.has(id);
  const [opened] = await Promise.all([
    browser.json<NotificationDetails>({
      kind: NOTIFICATION_CALLS.data,
      method: 'POST',
      path: NOTIFICATION_CALLS.data,
      form: byId(id),
      allowed: goneMeanwhile,
    }),
    row.type === 'Reprice'
      ? browser.send({
          kind: NOTIFICATION_CALLS.pqData,
          method: 'POST',
          path: NOTIFICATION_CALLS.pqData,
          form: byId(id),
          allowed: goneMeanwhile,
        })
      : null,
    browser.send({
      kind: `${NOTIFICATION_CALLS.list} (booking)`,
      method: 'POST',
      path: NOTIFICATION_CALLS.list,
      form: {
        pnr_key: row.pnr,
        chunk: PNR_NOTIFICATIONS_CHUNK,
        group: 'RECENT',
        subtype: 'Pending',
        fetchType: 'all',
      },
    }),
  ]);
  // Opening it marked it read: the counters are asked again (SPEC §4).
  await counters(visitor);
  const header = opened?.header;
  if (visitor.manager || !header || header.readonly || header.status === 'DEL') return;
  await sleep(500 + random() * 1500);
  const roll = random();
  if (roll < 0.25 && (header.type === 'Reprice' || header.type === 'TicketingDue')) {
    // The engine may have completed or removed it meanwhile: then the server refuses (409).
    await browser.send({
      kind: NOTIFICATION_CALLS.execute,
      method: 'POST',
      path: NOTIFICATION_CALLS.execute,
      form: { ...byId(id), op_code: header.type_status === 'Active' ? 'SR' : 'CR' },
      allowed: [409],
    });
  } else if (roll < 0.3) {
    visitor.deleted.add(id);
    const deleted = await browser.send({
      kind: NOTIFICATION_CALLS.delete,
      method: 'POST',
      path: NOTIFICATION_CALLS.delete,
      form: byId(id),
      allowed: [409],
    });
    if (deleted.ok) visitor.seen = visitor.seen.filter((item) => item.notification_id !== id);
    await counters(visitor);
  }
}

/** My PNRs: a page of the agent's bookings, a row opened, a refresh's result polled. */
async function myPnrs(visitor: Visitor): Promise<void> {
  const { browser, random } = visitor;
  const shape = weighted(random, { newest: 5, departure: 2, notifications: 1, next: 1 });
  const request: Form = {
    chunk: PNR_LIST_PAGE_SIZE,
    offset: shape === 'next' ? PNR_LIST_PAGE_SIZE : 0,
    ...(shape === 'departure' ? { column: 'flightDate', direction: 'asc' } : {}),
    ...(shape === 'notifications' ? { column: 'notifications', direction: 'desc' } : {}),
  };
  const page = await browser.json<PnrListResponse>({
    kind: PNR_CALLS.list,
    method: 'POST',
    path: PNR_CALLS.list,
    form: request,
  });
  const rows: PnrListItem[] = page?.pnrs ?? [];
  const refreshing = rows.find((row) => row.updateWillAvailable && row.syncJobId);
  const row = pick(random, rows);
  if (row && random() < 0.7) {
    await sleep(500 + random() * 1500);
    await browser.send({
      kind: PNR_CALLS.details,
      method: 'GET',
      path: PNR_CALLS.details,
      query: { id: row.id },
    });
  }
  if (refreshing?.syncJobId) {
    await sleep(PNR_UPDATES_AFTER_MS);
    await browser.send({
      kind: PNR_CALLS.updates,
      method: 'POST',
      path: PNR_CALLS.updates,
      form: { syncJobId: refreshing.syncJobId },
    });
  }
}

function dashboardRequest(visitor: Visitor): Form {
  // Mostly the default range (this month); sometimes the past three months.
  const range = defaultNotificationRange(today());
  const from = visitor.random() < 0.3 ? monthsBefore(range.to, 3) : range.from;
  return {
    type: 'Agency',
    notificationDateFrom: from,
    notificationDateTo: range.to,
    dateFilter: 'CREATION',
  };
}

/** The detailed dashboard: every chart asks for its figures at once. */
async function dashboard(visitor: Visitor): Promise<void> {
  const query = dashboardRequest(visitor);
  const charts = [
    DASHBOARD_CALLS.completedVsTotal,
    DASHBOARD_CALLS.potentialVsActual,
    DASHBOARD_CALLS.savingPerAirline,
    DASHBOARD_CALLS.potentialVsActualByPeriod,
    DASHBOARD_CALLS.savingPerCustomerNumber,
    DASHBOARD_CALLS.youngPqs,
  ];
  await Promise.all([
    ...charts.map((path) => visitor.browser.send({ kind: path, method: 'GET', path, query })),
    visitor.browser.send({
      kind: DASHBOARD_CALLS.admPerAirline,
      method: 'GET',
      path: DASHBOARD_CALLS.admPerAirline,
      query: { ...query, notifType: 'All' },
    }),
  ]);
}

async function monthly(visitor: Visitor): Promise<void> {
  await visitor.browser.send({
    kind: DASHBOARD_CALLS.monthlyStat,
    method: 'GET',
    path: DASHBOARD_CALLS.monthlyStat,
    query: { type: 'Agency' },
  });
}

/** A download now and then: a list as CSV, My PNRs as CSV, or a chart's XLS. */
async function exportFile(visitor: Visitor, pages: Partial<Record<Page, number>>): Promise<void> {
  const { browser, random } = visitor;
  const group = pick(random, PANEL_GROUPS) ?? 'REPRICE';
  const choices: Call[] = [
    {
      kind: NOTIFICATION_CALLS.listCsv,
      method: 'POST',
      path: NOTIFICATION_CALLS.listCsv,
      form: { ...(visitor.filter as Form), group, subtype: 'Pending' },
    },
  ];
  if (pages.myPnrs) {
    choices.push({
      kind: PNR_CALLS.listCsv,
      method: 'POST',
      path: PNR_CALLS.listCsv,
      form: { request: JSON.stringify({}) },
    });
  }
  if (pages.dashboard) {
    choices.push({
      kind: DASHBOARD_CALLS.savingXls,
      method: 'GET',
      path: DASHBOARD_CALLS.savingXls,
      query: { ...dashboardRequest(visitor), report: 'PotentialVsActual' },
    });
  }
  const call = pick(random, choices);
  if (call) await browser.send(call);
}

/** The pages a person's navigation offers, and how often they go to each. */
function pagesOf(user: UserDetails, manager: boolean): Partial<Record<Page, number>> {
  const route = { routeRoles: routeRolesOf(user.serverRoles), betaFeatures: user.betaFeatures };
  const pages: Partial<Record<Page, number>> = {};
  if (isRouteAllowed(ROUTES.home, route)) pages.home = 2;
  if (isRouteAllowed(ROUTES.notifications, route)) {
    Object.assign(pages, { pending: 3, complete: 1, recent: 1, details: 4 });
  }
  if (isRouteAllowed(ROUTES.myPnrs, route)) pages.myPnrs = 3;
  if (isRouteAllowed(ROUTES.dashboard, route) && manager) {
    Object.assign(pages, { dashboard: 2, monthly: 1 });
  }
  pages.export = 0.2;
  return pages;
}

async function visit(
  visitor: Visitor,
  page: Page,
  pages: Partial<Record<Page, number>>,
): Promise<void> {
  switch (page) {
    case 'home':
      return home(visitor);
    case 'pending':
      return columns(visitor, ['Pending']);
    case 'complete':
      return columns(visitor, ['Complete', 'Failed']);
    case 'recent':
      return recent(visitor);
    case 'details':
      return details(visitor);
    case 'myPnrs':
      return myPnrs(visitor);
    case 'dashboard':
      return dashboard(visitor);
    case 'monthly':
      return monthly(visitor);
    case 'export':
      return exportFile(visitor, pages);
  }
}

export type Walk = { signedIn: boolean; pages: number; role: string };

/**
 * Signs in, then visits pages until `stopAt` (a Date.now() instant), thinking between them;
 * the counters poll every 15 s meanwhile. Answers once the page under way is done.
 */
export async function walk(
  browser: Browser,
  person: Person,
  options: { seed: number; think: ThinkTime; stopAt: number; deleted: Set<number> },
): Promise<Walk> {
  const random = randomOf(options.seed);
  if (!(await signIn(browser, person))) return { signedIn: false, pages: 0, role: 'none' };
  const user = await userDetails(browser);
  if (!user) return { signedIn: false, pages: 0, role: 'none' };
  const userClass = userClassOf(user.roles, user.multiAgent);
  const manager = userClass === 'Manager' || userClass === 'ManagerWithMultiAgentAccess';
  const visitor: Visitor = {
    browser,
    random,
    user,
    manager,
    filter: { fetchType: manager ? 'all' : 'personal' },
    seen: [],
    deleted: options.deleted,
  };
  const pages = pagesOf(user, manager);
  const stopped = () => Date.now() >= options.stopAt;
  const think = () => sleep(options.think.min + random() * (options.think.max - options.think.min));

  const poll = (async () => {
    await sleep(random() * COUNTERS_POLL_MS);
    while (!stopped()) {
      await counters(visitor);
      await sleep(Math.min(COUNTERS_POLL_MS, Math.max(0, options.stopAt - Date.now())));
    }
  })();
  let visited = 0;
  await visit(visitor, 'home', pages);
  while (!stopped()) {
    await think();
    if (stopped()) break;
    await visit(visitor, weighted(random, pages), pages);
    visited += 1;
  }
  await poll;
  return { signedIn: true, pages: visited + 1, role: userClass };
}
