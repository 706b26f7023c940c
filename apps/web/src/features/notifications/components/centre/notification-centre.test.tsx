import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CentreListFilter } from '@/features/notifications/utils/centre-list-query';
import type { NotificationSort, NotificationView } from '@smt/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubViewportWidth } from '@/testing/viewport';
import {
  countersWith,
  formsSentTo,
  notificationItem,
  pathOf,
  stubCentreServer,
} from './centre-test-server';
import { NotificationCentre } from './notification-centre';

const LIST = '/api/v2/getNotificationList';
const BULK_DELETE = '/api/deleteNotifications/bulk';
const UNDO_DELETE = '/api/deleteNotifications/undo';

/** Presses Delete in the dialog that asks before a bulk delete. */
async function confirmDelete() {
  const ask = await screen.findByRole('dialog', { name: /^Delete \d+ notifications?\?$/ });
  await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
  // While the dialog is open (or closing) the page behind it is hidden from roles.
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}
// A failing list is asked twice (the query client retries once) before it says so.
const RETRIED = { timeout: 4_000 };

function renderCentre(
  view: NotificationView = 'PENDING',
  sort: NotificationSort = 'newest',
  filter: CentreListFilter = { fetchType: 'all', branchIds: [4] },
) {
  const onViewDetails = vi.fn();
  const onViewChange = vi.fn();
  const onSortChange = vi.fn();
  renderWithApp(
    <NotificationCentre
      view={view}
      onViewChange={onViewChange}
      sort={sort}
      onSortChange={onSortChange}
      filter={filter}
      onViewDetails={onViewDetails}
    />,
  );
  return { onViewDetails, onViewChange, onSortChange };
}

function column(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

function cardTitles(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

const reprices = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => notificationItem(from + i));

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

// Long userEvent walks on a shared machine.
describe('NotificationCentre', { timeout: 20_000 }, () => {
  it('should show one column per group in order with its label and new count', async () => {
    stubCentreServer({
      counters: countersWith({ reprice: 3, ADM: 1, waitlist: 12 }, { reprice: 5 }),
    });
    renderCentre();

    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Reprice',
      'ADMs',
      'Ticketing Due',
      'Reschedule',
      'Waitlist',
    ]);
    expect(await within(column('Reprice')).findByText('3 new')).toBeTruthy();
    expect(within(column('ADMs')).getByText('1 new')).toBeTruthy();
    expect(within(column('Waitlist')).getByText('12 new')).toBeTruthy();
    expect(within(column('Ticketing Due')).queryByText(/new$/)).toBeNull();
  });

  it('should count both buckets when the view is ALL', async () => {
    stubCentreServer({ counters: countersWith({ reprice: 3 }, { reprice: 5 }) });
    renderCentre('ALL');

    expect(await within(column('Reprice')).findByText('8 new')).toBeTruthy();
  });

  it('should ask each column for its group, the view subtypes and the filter', async () => {
    stubCentreServer({ rows: { REPRICE: reprices(1) } });
    renderCentre('COMPLETED');

    await within(column('Reprice')).findByText('Fare drop 1');
    const forms = formsSentTo(LIST);
    expect(forms.map((form) => form.get('group'))).toEqual([
      'REPRICE',
      'ADM',
      'TICKETING_DUE',
      'RESCHEDULE',
      'WAITLIST',
    ]);
    const [reprice] = forms;
    expect(reprice?.getAll('subtype')).toEqual(['Complete', 'Failed']);
    expect(reprice?.get('fetchType')).toBe('all');
    expect(reprice?.getAll('branchIds')).toEqual(['4']);
    expect(reprice?.get('offset')).toBe('0');
    expect(reprice?.get('chunk')).toBe('10');
  });

  it("should say 'No notifications' in each column that has none", async () => {
    stubCentreServer({ rows: { REPRICE: reprices(1) } });
    renderCentre();

    expect(await within(column('ADMs')).findByText('No notifications')).toBeTruthy();
    expect(within(column('Reprice')).queryByText('No notifications')).toBeNull();
  });

  it("should say 'Can't load notifications' and load again when retry is pressed", async () => {
    stubCentreServer({ rows: { ADM: reprices(1, 50) }, failingGroups: ['ADM'] });
    renderCentre();

    const adms = column('ADMs');
    expect(
      await within(adms).findByText("Can't load notifications", undefined, RETRIED),
    ).toBeTruthy();
    expect(within(column('Reprice')).queryByText("Can't load notifications")).toBeNull();
    const before = formsSentTo(LIST).filter((form) => form.get('group') === 'ADM').length;

    await userEvent.click(within(adms).getByRole('button', { name: 'Try again' }));

    await vi.waitFor(() =>
      expect(formsSentTo(LIST).filter((form) => form.get('group') === 'ADM').length).toBe(
        before + 1,
      ),
    );
  });

  it('should append the next 10 when Show More is pressed', async () => {
    stubCentreServer({ rows: { REPRICE: reprices(15) } });
    renderCentre();
    const reprice = column('Reprice');
    await within(reprice).findByText('Fare drop 10');
    expect(cardTitles(reprice)).toHaveLength(10);

    await userEvent.click(within(reprice).getByRole('button', { name: 'Show More' }));

    await within(reprice).findByText('Fare drop 15');
    expect(cardTitles(reprice)).toEqual(reprices(15).map((item) => item.title));
    const repriceForms = formsSentTo(LIST).filter((form) => form.get('group') === 'REPRICE');
    expect(repriceForms.map((form) => form.get('offset'))).toEqual(['0', '10']);
    expect(within(reprice).queryByRole('button', { name: 'Show More' })).toBeNull();
  });

  it('should load the next chunk when the end of a column scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        targets: Element[] = [];
        constructor(callback: IntersectionObserverCallback) {
          observers.push({ callback, targets: this.targets });
        }
        observe(target: Element) {
          this.targets.push(target);
        }
        disconnect() {
          this.targets.length = 0;
        }
      },
    );
    stubCentreServer({ rows: { REPRICE: reprices(12) } });
    renderCentre();
    const reprice = column('Reprice');
    await within(reprice).findByText('Fare drop 10');
    const watching = observers.filter((observer) => observer.targets.length > 0);
    expect(watching).toHaveLength(1);

    for (const { callback, targets } of watching) {
      callback(
        targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
    }

    expect(await within(reprice).findByText('Fare drop 12')).toBeTruthy();
    const offsets = formsSentTo(LIST)
      .filter((form) => form.get('group') === 'REPRICE')
      .map((form) => form.get('offset'));
    expect(offsets).toEqual(['0', '10']);
  });

  it('should select all loaded, delete them in one call and clear the selection', async () => {
    stubCentreServer({
      rows: {
        REPRICE: [...reprices(2), notificationItem(3, { readonly: true })],
        ADM: [notificationItem(40, { group: 'ADM', type: 'Churning', title: 'Churn 40' })],
      },
    });
    renderCentre();
    const reprice = column('Reprice');
    await within(column('ADMs')).findByText('Churn 40');
    expect(screen.queryByRole('region', { name: 'Selected notifications' })).toBeNull();

    await userEvent.click(within(reprice).getByRole('checkbox', { name: /^Select PNR PNR001/ }));
    const bar = screen.getByRole('region', { name: 'Selected notifications' });
    expect(within(bar).getByText('1 selected')).toBeTruthy();

    await userEvent.click(within(bar).getByRole('button', { name: 'Select all' }));
    // The readonly one cannot be deleted, so it is not taken.
    expect(within(bar).getByText('3 selected')).toBeTruthy();

    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    // It asks first, saying how many.
    const ask = await screen.findByRole('dialog', { name: 'Delete 3 notifications?' });
    expect(formsSentTo(BULK_DELETE)).toEqual([]);
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Selected notifications' })).toBeNull(),
    );
    expect(formsSentTo(BULK_DELETE).map((form) => form.getAll('notification_ids'))).toEqual([
      ['1', '2', '40'],
    ]);
    expect(cardTitles(reprice)).toEqual(['Fare drop 3']);
    expect(await within(column('ADMs')).findByText('No notifications')).toBeTruthy();
  });

  it('should clear the selection when Unselect all is pressed', async () => {
    stubCentreServer({ rows: { REPRICE: reprices(2) } });
    renderCentre();
    const reprice = column('Reprice');
    await within(reprice).findByText('Fare drop 2');

    await userEvent.click(within(reprice).getByRole('checkbox', { name: /^Select PNR PNR001/ }));
    await userEvent.click(within(reprice).getByRole('checkbox', { name: /^Select PNR PNR002/ }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unselect all' }));

    expect(screen.queryByRole('region', { name: 'Selected notifications' })).toBeNull();
    expect(
      within(reprice)
        .getAllByRole<HTMLInputElement>('checkbox')
        .map((box) => box.checked),
    ).toEqual([false, false]);
  });

  it("should say 'Delete failed' and keep the selection when the delete fails", async () => {
    stubCentreServer({
      rows: { REPRICE: reprices(2) },
      deleteAnswer: { status: 409, body: { code: 'CONFLICT', message: 'Readonly' } },
    });
    renderCentre();
    const reprice = column('Reprice');
    await within(reprice).findByText('Fare drop 2');
    await userEvent.click(within(reprice).getByRole('checkbox', { name: /^Select PNR PNR002/ }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await confirmDelete();

    // The snack's library loads with the first snack.
    expect(await screen.findByText('Delete failed', undefined, RETRIED)).toBeTruthy();
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(cardTitles(reprice)).toEqual(['Fare drop 1', 'Fare drop 2']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete' }).disabled).toBe(false);
  });

  it('should show the delete in progress while it runs', async () => {
    stubCentreServer({ rows: { REPRICE: reprices(1) } });
    renderCentre();
    const reprice = column('Reprice');
    await within(reprice).findByText('Fare drop 1');
    await userEvent.click(within(reprice).getByRole('checkbox', { name: /^Select PNR PNR001/ }));
    let release: () => void = () => {};
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementationOnce(
      (...args) =>
        new Promise<Response>((resolve) => {
          release = () => void answer?.(...args).then(resolve);
        }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await confirmDelete();

    const button = within(
      screen.getByRole('region', { name: 'Selected notifications' }),
    ).getByRole<HTMLButtonElement>('button', { name: 'Delete' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    release();
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Selected notifications' })).toBeNull(),
    );
  });

  it('should change nothing when the delete is cancelled', async () => {
    stubCentreServer({ rows: { REPRICE: reprices(2) } });
    renderCentre();
    const reprice = column('Reprice');
    await within(reprice).findByText('Fare drop 2');
    await userEvent.click(within(reprice).getByRole('checkbox', { name: /^Select PNR PNR002/ }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete 1 notification?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(formsSentTo(BULK_DELETE)).toEqual([]);
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(cardTitles(reprice)).toEqual(['Fare drop 1', 'Fare drop 2']);
  });

  it('should bring the deleted notifications back when Undo is pressed on the snack', async () => {
    stubCentreServer({ rows: { REPRICE: reprices(2) } });
    renderCentre();
    const reprice = column('Reprice');
    await within(reprice).findByText('Fare drop 2');
    await userEvent.click(within(reprice).getByRole('checkbox', { name: /^Select PNR PNR001/ }));
    await userEvent.click(within(reprice).getByRole('checkbox', { name: /^Select PNR PNR002/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await confirmDelete();
    await vi.waitFor(() =>
      expect(within(reprice).queryAllByRole('heading', { level: 3 })).toEqual([]),
    );
    expect(await screen.findByText('2 notifications deleted')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));

    await vi.waitFor(() => expect(cardTitles(reprice)).toEqual(['Fare drop 1', 'Fare drop 2']));
    expect(formsSentTo(UNDO_DELETE).map((form) => form.getAll('notification_ids'))).toEqual([
      ['1', '2'],
    ]);
  }, 20_000);

  it('should delete one card from its menu', async () => {
    stubCentreServer({ rows: { REPRICE: reprices(2) } });
    renderCentre();
    const reprice = column('Reprice');
    await within(reprice).findByText('Fare drop 2');

    await userEvent.click(within(reprice).getByRole('button', { name: 'Actions for PNR PNR002' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));

    await vi.waitFor(() => expect(cardTitles(reprice)).toEqual(['Fare drop 1']));
    expect(formsSentTo(BULK_DELETE).map((form) => form.getAll('notification_ids'))).toEqual([
      ['2'],
    ]);
  });

  it('should open the details of the card whose View Details is pressed', async () => {
    stubCentreServer({ rows: { REPRICE: reprices(2) } });
    const { onViewDetails } = renderCentre();
    const card = await screen.findByRole('article', { name: 'Fare drop 2' });

    await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));

    expect(onViewDetails).toHaveBeenCalledWith(2);
  });

  it('should switch the view when another tab is chosen', async () => {
    stubCentreServer();
    const { onViewChange } = renderCentre();

    await userEvent.click(screen.getByRole('tab', { name: 'Completed' }));

    expect(onViewChange).toHaveBeenCalledWith('COMPLETED');
  });

  it('should download the view as CSV under the name the server gives', async () => {
    const saved: { href: string; download: string }[] = [];
    // jsdom has no object URLs.
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:csv' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    stubCentreServer();
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      pathOf(input) === '/api/getNotificationList/csv'
        ? new Response('Notification ID\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="notifications-2026-01-31.csv"',
            },
          })
        : (answer?.(input, init) ?? new Response()),
    );
    renderCentre('COMPLETED');

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    await vi.waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:csv', download: 'notifications-2026-01-31.csv' }]),
    );
    const [form] = formsSentTo('/api/getNotificationList/csv');
    expect(form?.get('group')).toBe('RECENT');
    expect(form?.getAll('subtype')).toEqual(['Complete', 'Failed']);
    expect(form?.getAll('branchIds')).toEqual(['4']);
    expect(form?.has('offset')).toBe(false);
  });

  it('should fold the columns and fix the selection bar to the bottom when the screen is small', async () => {
    stubViewportWidth(375);
    stubCentreServer({
      rows: {
        REPRICE: reprices(1),
        ADM: [notificationItem(40, { group: 'ADM', type: 'Churning', title: 'Churn 40' })],
      },
      counters: countersWith({ ADM: 1 }),
    });
    renderCentre();

    const adms = screen.getByRole('button', { name: /^ADMs/ });
    expect(adms.getAttribute('aria-expanded')).toBe('false');
    expect(await within(adms).findByText('1 new')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Reprice/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await screen.findByText('Fare drop 1');
    // A folded column asks for nothing.
    expect(formsSentTo(LIST).map((form) => form.get('group'))).toEqual(['REPRICE']);

    await userEvent.click(adms);

    expect(await screen.findByText('Churn 40')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /^Select PNR PNR040/ }));
    const bar = screen.getByRole('region', { name: 'Selected notifications' });
    expect(getComputedStyle(bar).position).toBe('fixed');
    expect(getComputedStyle(bar).bottom).toBe('0px');
    expect(within(bar).getByRole('button', { name: 'Select all' })).toBeTruthy();
  });

  describe('agent speed', () => {
    it('should ask every column in the chosen order and offer the three orders', async () => {
      stubCentreServer({ rows: { REPRICE: reprices(1) } });
      const { onSortChange } = renderCentre('PENDING', 'deadline');

      await within(column('Reprice')).findByText('Fare drop 1');
      const forms = formsSentTo(LIST);
      expect(forms).toHaveLength(5);
      expect(forms.every((form) => form.get('sort') === 'deadline')).toBe(true);

      await userEvent.click(screen.getByRole('combobox', { name: 'Sort' }));
      const options = screen.getAllByRole('option').map((option) => option.textContent);
      expect(options).toEqual(['Newest first', 'Oldest first', 'Deadline first']);
      await userEvent.click(screen.getByRole('option', { name: 'Oldest first' }));
      expect(onSortChange).toHaveBeenCalledWith('oldest');
    });

    it('should leave the order out of the call when it is newest first', async () => {
      stubCentreServer({ rows: { REPRICE: reprices(1) } });
      renderCentre();

      await within(column('Reprice')).findByText('Fare drop 1');
      expect(formsSentTo(LIST).every((form) => !form.has('sort'))).toBe(true);
    });

    it("should name each card's agent in a view of all, and not in one's own", async () => {
      stubCentreServer({ rows: { REPRICE: [notificationItem(1, { agent_name: 'Adam Agent' })] } });
      renderCentre();

      const card = await within(column('Reprice')).findByRole('article');
      expect(within(card).getByRole('img', { name: 'Agent' })).toBeTruthy();
      expect(within(card).getByText('Adam Agent')).toBeTruthy();
    });

    it("should not name the agent on the caller's own cards", async () => {
      stubCentreServer({ rows: { REPRICE: [notificationItem(1, { agent_name: 'Adam Agent' })] } });
      renderCentre('PENDING', 'newest', { fetchType: 'personal' });

      const card = await within(column('Reprice')).findByRole('article');
      expect(within(card).queryByText('Adam Agent')).toBeNull();
    });

    it('should move focus between cards and columns with the arrow keys and open one with Enter', async () => {
      stubCentreServer({ rows: { REPRICE: reprices(3), ADM: reprices(2, 50) } });
      const { onViewDetails } = renderCentre();

      const repriceCards = await within(column('Reprice')).findAllByRole('article');
      await within(column('ADMs')).findByText('Fare drop 50');
      // One tab stop per list: its first card.
      expect(repriceCards.map((card) => card.tabIndex)).toEqual([0, -1, -1]);

      repriceCards[0]?.focus();
      await userEvent.keyboard('{ArrowDown}');
      expect(document.activeElement).toBe(repriceCards[1]);
      await userEvent.keyboard('{End}');
      expect(document.activeElement).toBe(repriceCards[2]);
      expect(repriceCards.map((card) => card.tabIndex)).toEqual([-1, -1, 0]);
      await userEvent.keyboard('{ArrowRight}');
      const admCards = within(column('ADMs')).getAllByRole('article');
      expect(document.activeElement).toBe(admCards[1]);
      await userEvent.keyboard('{ArrowUp}{Enter}');
      expect(onViewDetails).toHaveBeenCalledWith(50);
    });

    it('should leave Enter on a control inside a card to that control', async () => {
      stubCentreServer({ rows: { REPRICE: reprices(1) } });
      const { onViewDetails } = renderCentre();

      const card = await within(column('Reprice')).findByRole('article');
      within(card).getByRole('checkbox').focus();
      await userEvent.keyboard('{Enter}');
      expect(onViewDetails).not.toHaveBeenCalled();
    });
  });
});
