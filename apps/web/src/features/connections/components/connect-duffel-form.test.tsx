import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectionMessages } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { ConnectionsPage } from './connections-page';
import {
  AGENCIES,
  BRANCHES,
  connectionList,
  duffel,
  simulator,
  stubConnectionsServer,
} from '@/testing/connections-test-server';

const TOKEN = 'duffel_test_a1B2c3D4e5F6';

async function openConnectDialog(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('table', { name: 'Connections' });
  await user.click(screen.getByRole('button', { name: 'Connect Duffel' }));
  return screen.findByRole('dialog', { name: 'Connect Duffel' });
}

// Long userEvent walks through whole forms and dialogs.
describe('ConnectDuffelForm', { timeout: 20_000 }, () => {
  it("should post the chosen agency, token and branch with the schema's default key", async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([simulator(2)]),
      listAgencies: AGENCIES,
      listBranches: BRANCHES,
      connectDuffel: { body: duffel(5, { agencyId: 2, agencyName: 'Sea Tours' }) },
    });
    renderWithApp(<ConnectionsPage superUser />);

    const dialog = await openConnectDialog(user);
    const agency = await within(dialog).findByRole('combobox', { name: 'Agency' });
    await user.selectOptions(agency, 'Sea Tours');
    const token = within(dialog).getByLabelText(/^Access token/);
    expect(token.getAttribute('type')).toBe('password');
    expect(token.getAttribute('autocomplete')).toBe('off');
    expect(
      within(dialog).getByText('Shown once: it is stored encrypted and never displayed again'),
    ).toBeTruthy();
    await user.type(token, TOKEN);
    await within(dialog).findByRole('option', { name: 'PC8 – Airport' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Default branch' }),
      'PC8 – Airport',
    );
    expect(
      within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Agent metadata key' }).value,
    ).toBe('agent_email');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Duffel connected')).toBeTruthy();
    expect(server.to('connectDuffel').map((request) => request.body)).toEqual([
      {
        agencyId: 2,
        token: TOKEN,
        defaultBranchId: 8,
        agentMetadataKey: 'agent_email',
        paymentType: 'balance',
      },
    ]);
    expect(server.to('listBranches')[0]!.query).toEqual({ agencyId: '2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(server.to('list')).toHaveLength(2));
  });

  it("should show the schema's messages at the fields and send nothing when they are wrong", async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([]),
      listAgencies: AGENCIES,
      listBranches: BRANCHES,
    });
    renderWithApp(<ConnectionsPage superUser />);

    await screen.findByText('No connections yet');
    await user.click(screen.getByRole('button', { name: 'Connect Duffel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Duffel' });
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Agency' }),
      'Sky Tours',
    );
    await user.type(within(dialog).getByLabelText(/^Access token/), 'sk_live_123');
    await user.type(within(dialog).getByLabelText(/^API address/), 'http://api.duffel.test');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText(connectionMessages.tokenInvalid)).toBeTruthy();
    expect(within(dialog).getByText(connectionMessages.branchRequired)).toBeTruthy();
    expect(within(dialog).getByText(connectionMessages.apiUrlInvalid)).toBeTruthy();
    expect(server.to('connectDuffel')).toHaveLength(0);
  });

  it('should send ARC/BSP cash as how Duffel is paid when the manager chooses it', async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([simulator(2)]),
      listAgencies: { body: [{ id: 1, name: 'Sky Tours' }] },
      listBranches: BRANCHES,
      connectDuffel: { body: duffel(5, { paymentType: 'arc_bsp_cash' }) },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const dialog = await openConnectDialog(user);
    const paying = within(dialog).getByRole<HTMLSelectElement>('combobox', {
      name: 'Pay Duffel with',
    });
    expect(paying.value).toBe('balance');
    await user.type(within(dialog).getByLabelText(/^Access token/), TOKEN);
    await within(dialog).findByRole('option', { name: 'PC7 – Downtown' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Default branch' }),
      'PC7 – Downtown',
    );
    await user.selectOptions(
      paying,
      'ARC/BSP cash (IATA agencies with their own airline agreements)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Duffel connected')).toBeTruthy();
    expect(server.to('connectDuffel')[0]?.body).toMatchObject({ paymentType: 'arc_bsp_cash' });
  });

  it("should start on a manager's own agency, fixed, and offer no API address", async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([simulator(2)]),
      listAgencies: { body: [{ id: 1, name: 'Sky Tours' }] },
      listBranches: BRANCHES,
      connectDuffel: { body: duffel(5) },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const dialog = await openConnectDialog(user);
    const agency = await within(dialog).findByRole<HTMLSelectElement>('combobox', {
      name: 'Agency',
    });
    expect(agency.value).toBe('1');
    expect(agency.disabled).toBe(true);
    expect(within(dialog).queryByLabelText(/^API address/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Access token/), TOKEN);
    await user.type(within(dialog).getByLabelText(/^Webhook secret/), 'whsec_12345678');
    await within(dialog).findByRole('option', { name: 'PC7 – Downtown' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Default branch' }),
      'PC7 – Downtown',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Duffel connected')).toBeTruthy();
    expect(server.to('connectDuffel').map((request) => request.body)).toEqual([
      {
        agencyId: 1,
        token: TOKEN,
        webhookSecret: 'whsec_12345678',
        defaultBranchId: 7,
        agentMetadataKey: 'agent_email',
        paymentType: 'balance',
      },
    ]);
  });

  it("should show the server's field errors at their fields and its message under the form", async () => {
    const user = userEvent.setup();
    stubConnectionsServer({
      list: connectionList([simulator(2)]),
      listAgencies: { body: [{ id: 1, name: 'Sky Tours' }] },
      listBranches: BRANCHES,
      connectDuffel: {
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: 'Duffel refused the token',
          fieldErrors: { token: 'Duffel does not know this token' },
        },
      },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const dialog = await openConnectDialog(user);
    await user.type(within(dialog).getByLabelText(/^Access token/), TOKEN);
    await within(dialog).findByRole('option', { name: 'PC7 – Downtown' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Default branch' }),
      'PC7 – Downtown',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Duffel does not know this token')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Duffel refused the token');
    expect(screen.getByRole('dialog', { name: 'Connect Duffel' })).toBeTruthy();
  });
});
