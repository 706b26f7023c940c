import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectionMessages } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { ConnectionsPage } from './connections-page';
import {
  BRANCHES,
  connectionList,
  duffel,
  stubConnectionsServer,
} from '@/testing/connections-test-server';

async function openEditDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Duffel – Sky Tours' }));
  return screen.findByRole('dialog', { name: 'Edit Duffel – Sky Tours' });
}

// Long userEvent walks through whole forms and dialogs.
describe('ConnectionEditForm', { timeout: 20_000 }, () => {
  it('should keep the stored token and secret when their fields are left empty', async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([duffel(5)]),
      listBranches: BRANCHES,
      update: { body: duffel(5, { defaultBranchId: 8, defaultBranchName: 'Airport' }) },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const dialog = await openEditDialog(user);
    expect(within(dialog).getByText('Empty keeps the current token (…abcd)')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^New access token/).value).toBe('');
    const branch = within(dialog).getByRole<HTMLSelectElement>('combobox', {
      name: 'Default branch',
    });
    await within(dialog).findByRole('option', { name: 'PC8 – Airport' });
    expect(branch.value).toBe('7');
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Submit' });
    expect(submit.disabled).toBe(true);

    await user.selectOptions(branch, 'PC8 – Airport');
    const key = within(dialog).getByRole('textbox', { name: 'Agent metadata key' });
    await user.clear(key);
    await user.type(key, 'booker');
    await user.click(submit);

    expect(await screen.findByText('Connection updated')).toBeTruthy();
    expect(server.to('update').map((request) => request.body)).toEqual([
      { connectionId: 5, defaultBranchId: 8, agentMetadataKey: 'booker', paymentType: 'balance' },
    ]);
    expect(server.to('listBranches')[0]!.query).toEqual({ agencyId: '1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('should send a typed token to replace the stored one', async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([duffel(5)]),
      listBranches: BRANCHES,
      update: { body: duffel(5, { tokenHint: 'wxyz' }) },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const dialog = await openEditDialog(user);
    await user.type(
      within(dialog).getByLabelText(/^New access token/),
      'duffel_live_abcdefgh_wxyz',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Connection updated')).toBeTruthy();
    expect(server.to('update').map((request) => request.body)).toEqual([
      {
        connectionId: 5,
        token: 'duffel_live_abcdefgh_wxyz',
        defaultBranchId: 7,
        agentMetadataKey: 'agent_email',
        paymentType: 'balance',
      },
    ]);
  });

  it('should refuse an empty branch and a bad key at their fields', async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([duffel(5)]),
      listBranches: BRANCHES,
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const dialog = await openEditDialog(user);
    await within(dialog).findByRole('option', { name: 'PC8 – Airport' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Default branch' }), '');
    const key = within(dialog).getByRole('textbox', { name: 'Agent metadata key' });
    await user.clear(key);
    await user.type(key, '1 agent');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText(connectionMessages.branchRequired)).toBeTruthy();
    expect(within(dialog).getByText(connectionMessages.metadataKeyInvalid)).toBeTruthy();
    expect(server.to('update')).toHaveLength(0);
  });
});
