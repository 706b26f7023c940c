import { expect, test } from '@playwright/test';
import { zonedTimeText } from '@smt/shared';
import { apiSessions, freshTicketingDue, type Session } from './demo-world';
import { AGENT_2, SUPER, shoot, signInQuickly } from './sign-in-support';

// A deadline on a card is read on the agent's own clock, the browser's, with the zone named
// (issue 38, point 5; docs/decisions/073). The server writes it in UTC into the notification's
// texts; the browser here is pinned to Tel Aviv's zone, two hours ahead of UTC in winter.

const ZONE = 'Asia/Jerusalem';
test.use({ timezoneId: ZONE });
test.describe.configure({ mode: 'serial' });

type Due = { notification_id: number; pnr: string; title_message: string };

let superUser: Session;
let bella: Session;

test.beforeAll(async ({ playwright, baseURL }) => {
  [superUser, bella] = (await apiSessions(playwright.request, baseURL!, [SUPER, AGENT_2])) as [
    Session,
    Session,
  ];
});

test.afterAll(async () => {
  await superUser?.dispose();
  await bella?.dispose();
});

test("should show a card's ticketing deadline on the browser's clock with its zone named", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const due = (await freshTicketingDue(request, bella, AGENT_2)) as Due;
  // As stored and e-mailed: 'Issue tickets by dd/MM/yyyy HH:mm UTC'.
  const stored = /(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}) UTC/.exec(due.title_message);
  if (!stored) throw new Error(`no UTC deadline in '${due.title_message}'`);
  const [, day, month, year, hour, minute] = stored;
  const shown = zonedTimeText(`${year}-${month}-${day}T${hour}:${minute}:00Z`, ZONE);
  expect(shown).toMatch(/ GMT\+[23]$/);

  await signInQuickly(page, request, AGENT_2, {
    path: '/smtapp/notifications/ticketingdue/pending',
  });
  const card = page.locator('article', { hasText: new RegExp(`PNR\\s+${due.pnr}`) }).first();
  await expect(card).toContainText(`Issue tickets by ${shown}`);
  await expect(card).not.toContainText('UTC');
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'deadline-on-agents-clock-card');

  await page.goto(`/smtapp/notifications/${due.notification_id}`);
  const details = page.getByRole('dialog', { name: 'Notification details' });
  await expect(details).toContainText(`Issue tickets by ${shown}`);
  await expect(details).not.toContainText(' UTC');
  await shoot(page, 'deadline-on-agents-clock-details');
});
