import { DIALOG_RESET_DELAY_MS, type SubscriptionSettings } from '@smt/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';
import { stubViewportWidth } from '@/testing/viewport';
import { NotificationTypesPage } from './notification-types-page';

const SETTINGS = '/api/xapi/user/subscriptions';
const AGENTS = '/api/xapi/user/subscriptions/agents';

const settings = (managed = true): SubscriptionSettings => ({
  rows: [
    { branchId: 1, process: 'RP', media: 'PUSH' },
    { branchId: 1, process: 'TD', media: 'PUSH' },
    { branchId: 2, process: 'SC', media: 'EMAIL' },
  ],
  branches: {
    '1': { name: 'Tel Aviv', pcc: 'TLV1', activeProcesses: ['RP', 'TD', 'SC'], managed },
    '2': { name: 'Jerusalem', pcc: 'JRS1', activeProcesses: ['SC', 'TD'], managed },
  },
  agents: {},
  ownAgentId: null,
});

function renderPage(answer: SubscriptionSettings, put: { status?: number; body?: unknown } = {}) {
  stubViewportWidth(1280);
  const calls = stubApi({
    [`GET ${SETTINGS}`]: { body: answer },
    [`PUT ${SETTINGS}`]: { body: { ok: true, changed: 1 }, ...put },
    [`GET ${AGENTS}`]: { body: [{ id: 7, name: 'Adam Agent', initials: 'AA' }] },
  });
  const onPushWanted = vi.fn();
  renderWithApp(<NotificationTypesPage onPushWanted={onPushWanted} />);
  return { calls, onPushWanted };
}

const tick = (row: string, process: string, media: string) =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: `${row}: ${process} by ${media}` });

describe('NotificationTypesPage', () => {
  it('should save only the differences of a removed, a new and a changed row, then reload', async () => {
    const user = userEvent.setup();
    const { calls, onPushWanted } = renderPage(settings());
    await screen.findByRole('table', { name: 'Subscriptions per branch and agent' });
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toHaveProperty('disabled', true);
    expect(tick('Tel Aviv (TLV1)', 'Reprice', 'PUSH').checked).toBe(true);
    // Jerusalem does not reprice.
    expect(tick('Jerusalem (JRS1)', 'Reprice', 'EMAIL').disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove Jerusalem (JRS1)' }));
    await user.click(tick('Tel Aviv (TLV1)', 'Ticketing due', 'EMAIL'));
    await user.click(tick('Tel Aviv (TLV1)', 'Ticketing due', 'PUSH'));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = screen.getByRole('dialog', { name: 'Add subscription' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Branch' }), '1');
    const agent = within(dialog).getByRole('combobox', { name: 'Agent' });
    await waitFor(() => expect(within(agent).getByRole('option', { name: 'Adam Agent (AA)' })));
    await user.selectOptions(agent, '7');
    // The new row starts ticked by the medium picked, for every process the branch runs.
    await user.click(within(dialog).getByRole('radio', { name: 'Push' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(tick('Adam Agent (AA)', 'Reprice', 'PUSH').checked).toBe(true);
    expect(tick('Adam Agent (AA)', 'Reprice', 'EMAIL').checked).toBe(false);
    const adamPush = screen
      .getAllByRole<HTMLInputElement>('checkbox', { name: /^Adam Agent \(AA\): .* by PUSH$/ })
      .filter((box) => box.checked);
    expect(adamPush.length).toBeGreaterThan(1);
    // Unticked again but for Reprice: what is sent is what the row shows.
    for (const box of adamPush) {
      if (box !== tick('Adam Agent (AA)', 'Reprice', 'PUSH')) await user.click(box);
    }

    expect(submit).toHaveProperty('disabled', false);
    await user.click(submit);
    expect(onPushWanted).toHaveBeenCalled();
    expect(await screen.findByText('Settings succesfully saved')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual([
      { process: 'SC', branchId: 2, media: 'EMAIL', action: 'DISABLE' },
      { process: 'TD', branchId: 1, media: 'EMAIL', action: 'ENABLE' },
      { process: 'TD', branchId: 1, media: 'PUSH', action: 'DISABLE' },
      { process: 'RP', agentId: 7, media: 'PUSH', action: 'ENABLE' },
    ]);
    // The table is read again, and shows what the server says: Jerusalem is back.
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.path === SETTINGS)).toHaveLength(
        2,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Remove Jerusalem (JRS1)' })).toBeTruthy();
  }, 20_000); // a long walk through the dialog: a busy machine takes more than 5 s

  it('should refuse a row the table already has', async () => {
    const user = userEvent.setup();
    renderPage(settings());
    await screen.findByRole('table', { name: 'Subscriptions per branch and agent' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = screen.getByRole('dialog', { name: 'Add subscription' });
    await user.click(within(dialog).getByRole('radio', { name: 'Branch' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Branch' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This table is already exists')).toBeTruthy();
  });

  it('should keep a failed save on the page and reload the table', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(settings(), {
      status: 403,
      body: { code: 'FORBIDDEN', message: 'You may not change that.' },
    });
    await screen.findByRole('table', { name: 'Subscriptions per branch and agent' });
    await user.click(tick('Tel Aviv (TLV1)', 'Reschedule', 'EMAIL'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('The settings were not saved: You may not change that.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.path === SETTINGS)).toHaveLength(
        2,
      ),
    );
    await waitFor(() => expect(tick('Tel Aviv (TLV1)', 'Reschedule', 'EMAIL').checked).toBe(false));
  });

  it('should disable BRANCH without a managed branch and keep rows of such branches read-only', async () => {
    const user = userEvent.setup();
    renderPage(settings(false));
    await screen.findByRole('table', { name: 'Subscriptions per branch and agent' });
    expect(tick('Tel Aviv (TLV1)', 'Reprice', 'PUSH').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove Tel Aviv (TLV1)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = screen.getByRole('dialog', { name: 'Add subscription' });
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Branch' }).disabled).toBe(
      true,
    );
    expect(within(dialog).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);
  });

  it('should offer no Add and invite no adding when the role has no branch', async () => {
    renderPage({ rows: [], branches: {}, agents: {}, ownAgentId: null });
    const empty = await screen.findByRole('status');
    expect(empty.textContent).toBe(
      'No subscriptions to show' +
        'Your role has no branch or agent whose notifications you choose.',
    );
    expect(screen.queryByText(/Add a branch or an agent/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('should invite adding a row when the table is empty and the role has branches', async () => {
    renderPage({ ...settings(), rows: [] });
    expect(
      await screen.findByText(
        'No subscriptions yet. Add a branch or an agent to choose what they are told.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add' })).toHaveProperty('disabled', false);
  });

  it('should start the dialog afresh after it closes', async () => {
    // SPEC §2: the dialog resets 100 ms after closing; the test moves the clock past that.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage(settings());
    await screen.findByRole('table', { name: 'Subscriptions per branch and agent' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    let dialog = screen.getByRole('dialog', { name: 'Add subscription' });
    await user.click(within(dialog).getByRole('radio', { name: 'Branch' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Branch' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(DIALOG_RESET_DELAY_MS));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    dialog = screen.getByRole('dialog', { name: 'Add subscription' });
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Agent' }).checked).toBe(
      true,
    );
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Branch' }).value).toBe(
      '',
    );
  });
});
