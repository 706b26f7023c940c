import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// Helpers for the sign-in and session journeys; not a test file itself.

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../.screenshots/', import.meta.url));

export type DemoUser = { email: string; phoneNumber: string; e164: string };

export const demoUser = (email: string, phoneNumber: string): DemoUser => ({
  email,
  phoneNumber,
  e164: `+972${phoneNumber}`,
});

export const AGENT = demoUser('agent@demo.test', '500000003');
export const AGENT_2 = demoUser('agent2@demo.test', '500000004');
export const SUPER = demoUser('super@demo.test', '500000001');
export const MANAGER = demoUser('manager@demo.test', '500000002');
export const OPERATOR = demoUser('operator@demo.test', '500000005');
export const BRANCH_MANAGER = demoUser('branchmanager@demo.test', '500000006');
export const GLOBE_MANAGER = demoUser('globe.manager@demo.test', '500000007');
export const GLOBE_AGENT = demoUser('globe.agent@demo.test', '500000008');

export const SMS_CODE_LABEL = 'SMS code';

type InboxMessage = { channel: 'sms' | 'email'; code?: string; link?: string };

async function inbox(request: APIRequestContext, to: string): Promise<InboxMessage[]> {
  const response = await request.get(`/api/dev/inbox?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as InboxMessage[];
}

export async function moveServerClock(request: APIRequestContext, minutes: number) {
  const response = await request.post('/api/dev/clock', { data: { advanceMinutes: minutes } });
  expect(response.status()).toBe(200);
}

/**
 * The server allows one send a minute per phone and e-mail and ten an hour per address; every
 * journey here sends, so each first moves the server's clock past both windows.
 */
export function stepPastSendLimits(request: APIRequestContext) {
  return moveServerClock(request, 61);
}

/** Waits for the next message on a channel after `before` were there, and returns it. */
export async function nextMessage(
  request: APIRequestContext,
  to: string,
  channel: 'sms' | 'email',
  before: number,
): Promise<InboxMessage> {
  let messages: InboxMessage[] = [];
  await expect
    .poll(async () => {
      messages = (await inbox(request, to)).filter((message) => message.channel === channel);
      return messages.length;
    })
    .toBeGreaterThan(before);
  const [newest] = messages;
  if (!newest) throw new Error(`no ${channel} message reached ${to}`);
  return newest;
}

export async function countMessages(
  request: APIRequestContext,
  to: string,
  channel: 'sms' | 'email',
): Promise<number> {
  return (await inbox(request, to)).filter((message) => message.channel === channel).length;
}

type FormInput = { email: string; phoneNumber: string; keepLoggedIn?: boolean };

export async function fillLoginForm(page: Page, { email, phoneNumber, keepLoggedIn }: FormInput) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phoneNumber);
  if (keepLoggedIn) await page.getByRole('checkbox', { name: 'Keep me logged in' }).check();
}

/** Asks for an SMS code on /login-test and returns it, with the page on the SMS step. */
export async function requestSmsCode(
  page: Page,
  request: APIRequestContext,
  user: DemoUser,
  options: { keepLoggedIn?: boolean } = {},
): Promise<string> {
  await stepPastSendLimits(request);
  const before = await countMessages(request, user.e164, 'sms');
  await page.goto('/smtapp/login-test');
  await fillLoginForm(page, { ...user, ...options });
  await page.getByRole('button', { name: 'SMS', exact: true }).click();
  await expect(page.getByRole('textbox', { name: SMS_CODE_LABEL })).toBeVisible();
  const { code } = await nextMessage(request, user.e164, 'sms', before);
  if (!code) throw new Error('the SMS carried no code');
  return code;
}

export async function enterSmsCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: SMS_CODE_LABEL }).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/** A full SMS sign-in through /login-test. */
export async function signInBySms(
  page: Page,
  request: APIRequestContext,
  user: DemoUser,
  options: { keepLoggedIn?: boolean } = {},
) {
  const code = await requestSmsCode(page, request, user, options);
  const verified = page.waitForResponse('**/api/auth/sms/verify');
  await enterSmsCode(page, code);
  // Signed in once the page has left the form: the session is stored by then, and a test that
  // navigates at once does not cut the verify call short (CI on 8370f8a saw one lose its session).
  if ((await verified).ok()) await expect(page).not.toHaveURL(/\/login-test/);
}

/**
 * Signs in through the API in the page's own cookie jar and stores in the browser what the
 * login page stores when its verify call answers, then opens `path`: for the journeys whose
 * subject is not the sign-in (sign-in.e2e.ts and session*.e2e.ts walk through the form). The
 * server sees the same calls as from the form; the browser skips loading the login page.
 */
export async function signInQuickly(
  page: Page,
  request: APIRequestContext,
  user: DemoUser,
  {
    keepLoggedIn = false,
    path = '/smtapp/home',
    beforeOpening,
  }: {
    keepLoggedIn?: boolean;
    path?: string;
    /** Runs once signed in, before `path` loads: the server's clock has moved by then. */
    beforeOpening?: () => Promise<void>;
  } = {},
) {
  await stepPastSendLimits(request);
  const before = await countMessages(request, user.e164, 'sms');
  const identity = { email: user.email, phone: user.e164 };
  const sent = await page.request.post('/api/auth/sms/send', {
    data: { ...identity, captcha: 'local-test-key' },
  });
  expect(sent.status()).toBe(200);
  const { code } = await nextMessage(request, user.e164, 'sms', before);
  const verified = await page.request.post('/api/auth/sms/verify', {
    data: { ...identity, code, keepLoggedIn },
  });
  expect(verified.status()).toBe(200);
  const token = (await verified.json()) as { accessToken: string; expiresAt: string };
  // Storage is the origin's: set from a page of it that runs none of the app's code.
  await page.goto('/api/health');
  await page.evaluate(
    ({ credentials, details }) => {
      const storage = credentials.keepLoggedIn ? localStorage : sessionStorage;
      storage.setItem('smt.session-credentials', JSON.stringify(credentials));
      localStorage.setItem('smt.login-details', JSON.stringify(details));
      localStorage.setItem('smt.last-active-at', String(Date.now()));
    },
    {
      credentials: { ...token, ...identity, keepLoggedIn },
      details: { ...identity, keepLoggedIn, country: 'IL' },
    },
  );
  await beforeOpening?.();
  await page.goto(path);
}

/**
 * signInQuickly, then checks the page stayed at `path`: the app sends a role elsewhere from a
 * page it may not open. One load of the app, not home's and then the page's.
 */
export async function signInAt(
  page: Page,
  request: APIRequestContext,
  user: DemoUser,
  path = '/smtapp/home',
  beforeOpening?: () => Promise<void>,
) {
  await signInQuickly(page, request, user, { path, beforeOpening });
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

// Chromium has left a full-page capture waiting for a frame that never came (CI, a
// notifications page at 1280 px; the monthly dashboard on a slow host, twice in a row): a
// capture that takes this long is given up and asked again, after a resize that makes the page
// draw anew. A screenshot is for people to look at, not an assertion: when Chromium still sends
// no frame, the test goes on and says which picture is missing.
const SHOT_TIMEOUT_MS = 20_000;

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

export async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    const path = `${SCREENSHOT_DIR}${name}-${width}.png`;
    await page.setViewportSize({ width, height: 800 });
    try {
      await page.screenshot({ path, fullPage: true, timeout: SHOT_TIMEOUT_MS });
    } catch (error) {
      if (!isTimeout(error)) throw error;
      await page.setViewportSize({ width, height: 801 });
      await page.setViewportSize({ width, height: 800 });
      try {
        await page.screenshot({ path, fullPage: true, timeout: SHOT_TIMEOUT_MS });
      } catch (again) {
        if (!isTimeout(again)) throw again;
        const note = `no screenshot ${name}-${width}: Chromium sent no frame twice`;
        test.info().annotations.push({ type: 'warning', description: note });
        console.warn(note);
      }
    }
  }
}
