import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectionMessages } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { ConnectionsPage } from './connections-page';
import { connectionList, sabre, stubConnectionsServer } from '@/testing/connections-test-server';

async function openEditDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Sabre – Sky Tours' }));
  return screen.findByRole('dialog', { name: 'Edit Sabre – Sky Tours' });
}

// Long userEvent walks through whole forms and dialogs.
describe('SabreEditForm', { timeout: 20_000 }, () => {
  it('should start on the stored settings with the password empty, and keep the password when it stays so', async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([sabre(9)]),
      updateSabre: { body: sabre(9, { queues: [5, 6, 7, 9, 17, 18, 400] }) },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const dialog = await openEditDialog(user);
    const password = within(dialog).getByLabelText<HTMLInputElement>(/^Password/);
    expect(password.type).toBe('password');
    expect(password.value).toBe('');
    expect(within(dialog).getByText('Leave empty to keep the current password')).toBeTruthy();
    const value = (name: RegExp) =>
      within(dialog).getByRole<HTMLInputElement>('textbox', { name }).value;
    expect(value(/^EPR/)).toBe('7971');
    expect(value(/^PCC/)).toBe('G7RE');
    expect(value(/^Customer number \(DK\)/)).toBe('1234567');
    expect(value(/^Watched PCCs/)).toBe('PC7, PC8');
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Submit' });
    expect(submit.disabled).toBe(true);

    await user.type(within(dialog).getByRole('textbox', { name: /^Queues/ }), ', 400');
    await user.click(submit);

    expect(await screen.findByText('Connection updated')).toBeTruthy();
    expect(server.to('updateSabre').map((request) => request.body)).toEqual([
      {
        connectionId: 9,
        environment: 'CERT',
        epr: '7971',
        pcc: 'G7RE',
        customerNumber: '1234567',
        queues: [5, 6, 7, 9, 17, 18, 400],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('should send a typed password to replace the stored one, and an emptied DK as none', async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([sabre(9)]),
      updateSabre: { body: sabre(9, { customerNumber: null }) },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const dialog = await openEditDialog(user);
    await user.type(within(dialog).getByLabelText(/^Password/), 'NEW-PASSWORD');
    await user.clear(within(dialog).getByRole('textbox', { name: /^Customer number \(DK\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Connection updated')).toBeTruthy();
    expect(server.to('updateSabre')[0]?.body).toMatchObject({
      password: 'NEW-PASSWORD',
      customerNumber: null,
    });
  });

  it("should show a queue's message at the queues and send nothing", async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({ list: connectionList([sabre(9)]) });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const dialog = await openEditDialog(user);
    const queues = within(dialog).getByRole('textbox', { name: /^Queues/ });
    await user.clear(queues);
    await user.type(queues, '5, six');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText(connectionMessages.queuesInvalid)).toBeTruthy();
    expect(queues.getAttribute('aria-invalid')).toBe('true');
    expect(server.to('updateSabre')).toHaveLength(0);
  });
});
