import { expect, test } from '@playwright/test';
import {
  AGENT,
  AGENT_2,
  BRANCH_MANAGER,
  countMessages,
  demoUser,
  enterSmsCode,
  fillLoginForm,
  GLOBE_AGENT,
  MANAGER,
  moveServerClock,
  nextMessage,
  OPERATOR,
  requestSmsCode,
  shoot,
  signInBySms,
  SMS_CODE_LABEL,
  stepPastSendLimits,
} from './sign-in-support';

test('should land an agent on home when signing in by SMS on /login-test', async ({
  page,
  request,
}) => {
  await page.goto('/smtapp/login-test');
  await expect(page.getByRole('heading', { name: 'Your virtual assistant.' })).toBeVisible();
  await expect(
    page.getByText('You are two steps away from starting to maximize profits!'),
  ).toBeVisible();
  await fillLoginForm(page, AGENT);
  await page.getByRole('checkbox', { name: 'Keep me logged in' }).check();
  await expect(page.getByText(/no login will protect your session/)).toBeVisible();
  await shoot(page, 'login-form');
  await page.getByRole('checkbox', { name: 'Keep me logged in' }).uncheck();

  const code = await requestSmsCode(page, request, AGENT);
  await shoot(page, 'login-sms');
  await enterSmsCode(page, code);

  await expect(page).toHaveURL(/\/smtapp\/home$/);
  // A signed-in user opening a login page goes back to their landing page.
  await page.goto('/smtapp/login');
  await expect(page).toHaveURL(/\/smtapp\/home$/);
});

test('should sign in by the e-mail link when it is opened in the same browser', async ({
  page,
  request,
  baseURL,
}) => {
  await stepPastSendLimits(request);
  const before = await countMessages(request, AGENT.email, 'email');
  await page.goto('/smtapp/login-test');
  await fillLoginForm(page, AGENT);
  await page.getByRole('button', { name: 'Email', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Check your email box' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
  await shoot(page, 'login-check-email');
  const { link } = await nextMessage(request, AGENT.email, 'email', before);
  if (!link) throw new Error('the e-mail carried no link');
  const url = new URL(link);
  expect(url.pathname).toBe('/smtapp/login');
  expect(url.searchParams.get('oobCode')).toBeTruthy();
  // The server links to its public address; the test opens the same path on its own origin.
  await page.goto(new URL(`${url.pathname}${url.search}`, baseURL).toString());

  await expect(page).toHaveURL(/\/smtapp\/home$/);
});

test('should ask for the details when the e-mail link is opened in another browser', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  await stepPastSendLimits(request);
  const before = await countMessages(request, AGENT_2.email, 'email');
  await page.goto('/smtapp/login-test');
  await fillLoginForm(page, AGENT_2);
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Check your email box' })).toBeVisible();
  const { link } = await nextMessage(request, AGENT_2.email, 'email', before);
  if (!link) throw new Error('the e-mail carried no link');
  const url = new URL(link);

  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto(`${url.pathname}${url.search}`);
  await expect(otherPage.getByRole('heading', { name: 'Confirm your details' })).toBeVisible();
  await shoot(otherPage, 'login-confirm-details');
  await fillLoginForm(otherPage, AGENT_2);
  await otherPage.getByRole('button', { name: 'Sign in' }).click();

  await expect(otherPage).toHaveURL(/\/smtapp\/home$/);
  await other.close();
});

test('should say the token expired and show the form when the link is unknown', async ({
  page,
}) => {
  await page.goto('/smtapp/login-test?oobCode=no-such-link');
  await fillLoginForm(page, AGENT);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByText('Sorry, your token expired. Please, sign in.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'SMS', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/smtapp\/login-test$/);
});

test('should refuse the right code when five wrong codes were tried first', async ({
  page,
  request,
}) => {
  const code = await requestSmsCode(page, request, BRANCH_MANAGER);
  const wrong = code === '000000' ? '111111' : '000000';

  for (let attempt = 1; attempt <= 5; attempt++) {
    await enterSmsCode(page, wrong);
    await expect(page.getByText('Verification code is invalid')).toBeVisible();
  }
  await enterSmsCode(page, code);

  await expect(page.getByText('Code confirmation failed')).toBeVisible();
  await expect(page).toHaveURL(/\/smtapp\/login-test$/);
});

test('should say the code has expired when it is entered after ten minutes', async ({
  page,
  request,
}) => {
  const code = await requestSmsCode(page, request, GLOBE_AGENT);
  await moveServerClock(request, 11);
  try {
    await enterSmsCode(page, code);

    await expect(
      page.getByText('The SMS code has expired. Please return back and try again'),
    ).toBeVisible();
  } finally {
    // Back by the same step rather than a reset, which would put earlier sends in the future.
    await moveServerClock(request, -11);
  }
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(GLOBE_AGENT.email);
});

test('should land an operator on the agency page when signed in', async ({ page, request }) => {
  await signInBySms(page, request, OPERATOR);

  await expect(page).toHaveURL(/\/smtapp\/management\/tools\/agency$/);
});

test('should land a new phone and e-mail pair on add agency when signed in', async ({
  page,
  request,
}) => {
  await signInBySms(page, request, demoUser('new.person@example.test', '501234567'));

  await expect(page).toHaveURL(/\/smtapp\/management\/tools\/agency\/add-agency$/);
});

test('should say the number is not valid when it does not fit the phone code', async ({ page }) => {
  await page.goto('/smtapp/login-test');
  await fillLoginForm(page, { email: 'someone@demo.test', phoneNumber: '12345' });
  await page.getByRole('textbox', { name: 'Email' }).focus();

  await expect(page.getByText('Specify a valid phone number')).toBeVisible();
  await page.getByRole('button', { name: 'SMS', exact: true }).click();
  await expect(page.getByRole('textbox', { name: SMS_CODE_LABEL })).toHaveCount(0);
});

test('should send an SMS when the real captcha is solved on /login', async ({ page, request }) => {
  await stepPastSendLimits(request);
  const before = await countMessages(request, MANAGER.e164, 'sms');
  const captchas: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/auth/sms/send')) {
      captchas.push((sent.postDataJSON() as { captcha: string }).captcha);
    }
  });
  const validated = page.waitForResponse('**/api/validateUserDetails');

  await page.goto('/smtapp/login');
  await fillLoginForm(page, MANAGER);
  await page.getByRole('button', { name: 'SMS', exact: true }).click();

  expect((await validated).status()).toBe(200);
  await expect(page.getByRole('textbox', { name: SMS_CODE_LABEL })).toBeVisible();
  const { code } = await nextMessage(request, MANAGER.e164, 'sms', before);
  expect(code).toMatch(/^\d{6}$/);
  expect(captchas).toHaveLength(1);
  expect(captchas[0]).not.toBe('local-test-key');
  const payload = JSON.parse(Buffer.from(captchas[0] ?? '', 'base64').toString('utf8'));
  expect(payload).toMatchObject({ algorithm: 'SHA-256', number: expect.any(Number) });
});

test('should send a signed-out user to the login page when a signed-in page is opened', async ({
  page,
}) => {
  await page.goto('/smtapp/home');

  await expect(page).toHaveURL(/\/smtapp\/login$/);
  await expect(page.getByRole('button', { name: 'SMS', exact: true })).toBeVisible();
});
