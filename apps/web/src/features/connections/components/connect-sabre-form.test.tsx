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
  sabre,
  simulator,
  stubConnectionsServer,
} from '@/testing/connections-test-server';

const OWN_AGENCY = { body: [{ id: 1, name: 'Sky Tours' }] };
const QUEUES_HINT =
  "Sabre's system queues for schedule changes (5, 6), cancelled segments (7), ticketing time limits (9) and cleared waitlists (17, 18), and any of the agency's own";

async function openConnectDialog(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('table', { name: 'Connections' });
  await user.click(screen.getByRole('button', { name: 'Connect Sabre' }));
  return screen.findByRole('dialog', { name: 'Connect Sabre' });
}

// Long userEvent walks through whole forms and dialogs.
describe('ConnectSabreForm', { timeout: 20_000 }, () => {
  it("should post the manager's agency, the sign-in and Sabre's system queues, with the PCC in capitals", async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([simulator(2)]),
      listAgencies: OWN_AGENCY,
      listBranches: BRANCHES,
      connectSabre: { body: sabre(9) },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const dialog = await openConnectDialog(user);
    const agency = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Agency' });
    expect(agency.value).toBe('1');
    expect(agency.disabled).toBe(true);
    expect(
      within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Environment' }).value,
    ).toBe('CERT');
    const password = within(dialog).getByLabelText<HTMLInputElement>(/^Password/);
    expect(password.type).toBe('password');
    expect(password.value).toBe('');
    expect(within(dialog).getByText('Stored encrypted and never shown again')).toBeTruthy();
    const queues = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Queues/ });
    expect(queues.value).toBe('5, 6, 7, 9, 17, 18');
    expect(within(dialog).getByText(QUEUES_HINT)).toBeTruthy();
    // The agency's branches' PCCs, shown and not asked.
    const watched = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Watched PCCs' });
    await waitFor(() => expect(watched.value).toBe('PC7, PC8'));
    expect(watched.readOnly).toBe(true);

    await user.type(within(dialog).getByRole('textbox', { name: /^EPR/ }), '7971');
    await user.type(within(dialog).getByRole('textbox', { name: /^PCC/ }), 'g7re');
    await user.type(password, 'WS pass 1');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Customer number \(DK\)/ }),
      '1234567',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Sabre connected')).toBeTruthy();
    expect(server.to('connectSabre').map((request) => request.body)).toEqual([
      {
        agencyId: 1,
        environment: 'CERT',
        epr: '7971',
        pcc: 'G7RE',
        password: 'WS pass 1',
        customerNumber: '1234567',
        queues: [5, 6, 7, 9, 17, 18],
      },
    ]);
    expect(server.to('listBranches')[0]!.query).toEqual({ agencyId: '1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('should post production and the queues typed, without a DK when none is given', async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([simulator(2)]),
      listAgencies: AGENCIES,
      listBranches: BRANCHES,
      connectSabre: { body: sabre(9, { agencyId: 2, agencyName: 'Sea Tours' }) },
    });
    renderWithApp(<ConnectionsPage superUser />);

    const dialog = await openConnectDialog(user);
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Agency' }),
      'Sea Tours',
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Environment' }),
      'Production',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^EPR/ }), 'A12');
    await user.type(within(dialog).getByRole('textbox', { name: /^PCC/ }), 'X1Y');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret');
    const queues = within(dialog).getByRole('textbox', { name: /^Queues/ });
    await user.clear(queues);
    await user.type(queues, '9,400 17');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Sabre connected')).toBeTruthy();
    expect(server.to('connectSabre').map((request) => request.body)).toEqual([
      {
        agencyId: 2,
        environment: 'PROD',
        epr: 'A12',
        pcc: 'X1Y',
        password: 'secret',
        queues: [9, 400, 17],
      },
    ]);
  });

  it("should show the schema's messages at the fields and send nothing when they are wrong", async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([simulator(2)]),
      listAgencies: AGENCIES,
      listBranches: BRANCHES,
    });
    renderWithApp(<ConnectionsPage superUser />);

    const dialog = await openConnectDialog(user);
    await within(dialog).findByRole('option', { name: 'Sea Tours' });
    await user.type(within(dialog).getByRole('textbox', { name: /^EPR/ }), '79-71');
    await user.type(within(dialog).getByRole('textbox', { name: /^PCC/ }), 'G7');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Customer number \(DK\)/ }),
      'DK1',
    );
    const queues = within(dialog).getByRole('textbox', { name: /^Queues/ });
    await user.clear(queues);
    await user.type(queues, '5, 600');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText(connectionMessages.agencyRequired)).toBeTruthy();
    expect(within(dialog).getByText(connectionMessages.eprInvalid)).toBeTruthy();
    expect(within(dialog).getByText(connectionMessages.pccInvalid)).toBeTruthy();
    expect(within(dialog).getByText(connectionMessages.passwordInvalid)).toBeTruthy();
    expect(within(dialog).getByText(connectionMessages.customerNumberInvalid)).toBeTruthy();
    expect(within(dialog).getByText(connectionMessages.queuesInvalid)).toBeTruthy();

    await user.clear(queues);
    await user.type(queues, '5, 5');
    expect(await within(dialog).findByText(connectionMessages.queuesRepeated)).toBeTruthy();
    await user.clear(queues);
    expect(await within(dialog).findByText(connectionMessages.queuesCount)).toBeTruthy();
    expect(server.to('connectSabre')).toHaveLength(0);
  });

  it("should show the server's refusal under the form and keep it open", async () => {
    const user = userEvent.setup();
    stubConnectionsServer({
      list: connectionList([sabre(9)]),
      listAgencies: OWN_AGENCY,
      listBranches: BRANCHES,
      connectSabre: {
        status: 409,
        body: { code: 'CONFLICT', message: connectionMessages.sabreAlreadyConnected },
      },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const dialog = await openConnectDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^EPR/ }), '7971');
    await user.type(within(dialog).getByRole('textbox', { name: /^PCC/ }), 'G7RE');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      connectionMessages.sabreAlreadyConnected,
    );
    expect(screen.getByRole('dialog', { name: 'Connect Sabre' })).toBeTruthy();
  });
});
