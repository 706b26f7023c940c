import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectionHelpTexts, connectionMessages, successMessages } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubViewportWidth } from '@/testing/viewport';
import { ConnectionsPage } from './connections-page';
import {
  AGENCIES,
  connectionList,
  duffel,
  sabre,
  simulator,
  stubConnectionsServer,
} from '@/testing/connections-test-server';

// A failing list is asked twice (the query client retries once) before it says so.
const RETRIED = { timeout: 4_000 };

// Built from local time, so the row reads the same in any time zone.
const TESTED_AT = new Date(2025, 2, 2, 10, 15).toISOString();

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

// Long userEvent walks through whole forms and dialogs.
describe('ConnectionsPage', { timeout: 20_000 }, () => {
  it('should show each connection with its token ending, webhook address and last test', async () => {
    const server = stubConnectionsServer({
      list: connectionList([
        duffel(5, { lastTest: { ok: true, message: 'Test mode: 3 orders', at: TESTED_AT } }),
        simulator(2),
      ]),
      listAgencies: AGENCIES,
    });
    renderWithApp(<ConnectionsPage superUser />);

    const table = await screen.findByRole('table', { name: 'Connections' });
    const [, duffelRow, simulatorRow] = within(table).getAllByRole('row');
    expect(cellsOf(duffelRow!).slice(0, 9)).toEqual([
      'Sky Tours',
      'Duffel',
      'Active',
      '…abcd',
      'Downtown',
      'agent_email',
      `${window.location.origin}/api/webhooks/duffel/5`,
      'OKTest mode: 3 orders02/03/2025 10:15',
      '12',
    ]);
    expect(cellsOf(simulatorRow!).slice(0, 9)).toEqual([
      'Sky Tours',
      'Simulator',
      'Active',
      '—',
      '—',
      // The simulator finds agents by their GDS sign: no metadata key applies.
      '—',
      '—',
      '—',
      '3',
    ]);
    // The simulator has no settings to edit, but may be tested and disconnected.
    expect(screen.getByRole('button', { name: 'Edit Duffel – Sky Tours' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Simulator – Sky Tours' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Disconnect Simulator – Sky Tours' })).toBeTruthy();
    expect(server.to('list')[0]!.query).toEqual({});
  });

  it('should show a Sabre connection with its sign-in, watched PCCs, queues and last counts', async () => {
    const counts =
      'Signed in to Sabre certification as EPR 7971 at G7RE. PC7 queues: 5 (2), 6 (0), 7 (0), 9 (1), 17 (0), 18 (0); PC8 queues: 5 (0), 6 (0), 7 (0), 9 (0), 17 (0), 18 (0)';
    stubConnectionsServer({
      list: connectionList([sabre(9, { lastTest: { ok: true, message: counts, at: TESTED_AT } })]),
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const table = await screen.findByRole('table', { name: 'Connections' });
    const [, sabreRow] = within(table).getAllByRole('row');
    expect(cellsOf(sabreRow!).slice(0, 9)).toEqual([
      'Sky Tours',
      'Sabre',
      'Active',
      'CertificationEPR 7971 at G7REDK 1234567Watches PC7, PC8Queues 5, 6, 7, 9, 17, 18',
      '—',
      // Sabre finds agents by the initials that made the PNR: no metadata key applies.
      '—',
      '—',
      `OK${counts}02/03/2025 10:15`,
      '4',
    ]);
    expect(screen.getByRole('button', { name: 'Edit Sabre – Sky Tours' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test connection: Sabre – Sky Tours' })).toBeTruthy();
  });

  it('should say no PCC is watched and leave out the DK when the agency has neither', async () => {
    stubViewportWidth(375);
    stubConnectionsServer({
      list: connectionList([
        sabre(9, { environment: 'PROD', customerNumber: null, watchedPccs: [], queues: [400] }),
      ]),
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const list = await screen.findByRole('list', { name: 'Connections' });
    const card = within(list).getByRole('article', { name: 'Sabre – Sky Tours' });
    expect(within(card).getByText('Production')).toBeTruthy();
    expect(within(card).getByText('No branch PCC to watch yet')).toBeTruthy();
    expect(within(card).getByText('Queues 400')).toBeTruthy();
    expect(within(card).queryByText(/^DK /)).toBeNull();
  });

  it('should offer no actions on a disconnected connection', async () => {
    stubConnectionsServer({
      list: connectionList([
        duffel(5, { status: 'DISCONNECTED', disconnectedAt: '2025-03-05T08:00:00.000Z' }),
      ]),
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const table = await screen.findByRole('table', { name: 'Connections' });
    expect(within(table).getByText('Disconnected')).toBeTruthy();
    expect(within(table).queryAllByRole('button')).toHaveLength(1);
    expect(within(table).getByRole('button', { name: /^Copy the webhook address/ })).toBeTruthy();
  });

  it("should ask for the chosen agency's connections when a super user filters", async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([duffel(5)]),
      listAgencies: AGENCIES,
    });
    renderWithApp(<ConnectionsPage superUser />);

    await screen.findByRole('table', { name: 'Connections' });
    await screen.findByRole('option', { name: 'Sea Tours' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agency' }), 'Sea Tours');

    await waitFor(() => expect(server.to('list')).toHaveLength(2));
    expect(server.to('list')[1]!.query).toEqual({ agencyId: '2' });
  });

  it('should leave the agency filter out for an agency manager', async () => {
    const server = stubConnectionsServer({ list: connectionList([duffel(5)]) });
    renderWithApp(<ConnectionsPage superUser={false} />);

    await screen.findByRole('table', { name: 'Connections' });
    expect(screen.queryByRole('combobox', { name: 'Agency' })).toBeNull();
    expect(server.to('listAgencies')).toHaveLength(0);
  });

  it("should say what the test found and read the list again when 'Test connection' is pressed", async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([duffel(5)]),
      test: { body: { ok: false, message: 'Duffel refused the token', at: TESTED_AT } },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    await user.click(
      await screen.findByRole('button', { name: 'Test connection: Duffel – Sky Tours' }),
    );

    expect(await screen.findByText('Duffel refused the token')).toBeTruthy();
    expect(server.to('test').map((request) => request.body)).toEqual([{ connectionId: 5 }]);
    await waitFor(() => expect(server.to('list')).toHaveLength(2));
  });

  it('should ask first, saying history is kept, and disconnect only when confirmed', async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: connectionList([duffel(5)]),
      disconnect: { body: duffel(5, { status: 'DISCONNECTED' }) },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    await user.click(await screen.findByRole('button', { name: 'Disconnect Duffel – Sky Tours' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect Duffel – Sky Tours?' });
    expect(within(dialog).getByText(/Monitoring of its bookings stops/)).toBeTruthy();
    expect(within(dialog).getByText(/history are kept/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('disconnect')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disconnect Duffel – Sky Tours' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Disconnect Duffel – Sky Tours?' })).getByRole(
        'button',
        { name: 'Disconnect' },
      ),
    );

    expect(await screen.findByText('Duffel – Sky Tours disconnected')).toBeTruthy();
    expect(server.to('disconnect').map((request) => request.body)).toEqual([{ connectionId: 5 }]);
  });

  it("should show the server's message in a snack when a disconnect is refused", async () => {
    const user = userEvent.setup();
    stubConnectionsServer({
      list: connectionList([duffel(5)]),
      disconnect: {
        status: 409,
        body: { code: 'CONFLICT', message: 'This connection is disconnected' },
      },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    await user.click(await screen.findByRole('button', { name: 'Disconnect Duffel – Sky Tours' }));
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText('This connection is disconnected')).toBeTruthy();
  });

  it('should copy the full webhook address when its copy button is pressed', async () => {
    const user = userEvent.setup();
    stubConnectionsServer({ list: connectionList([duffel(5)]) });
    renderWithApp(<ConnectionsPage superUser={false} />);

    await user.click(
      await screen.findByRole('button', {
        name: 'Copy the webhook address of Duffel – Sky Tours',
      }),
    );

    expect(await screen.findByText(successMessages.copiedToClipboard)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/api/webhooks/duffel/5`,
    );
  });

  it.each([375, 700])(
    'should show cards instead of a table when the screen is %i px wide',
    async (width) => {
      stubViewportWidth(width);
      stubConnectionsServer({ list: connectionList([duffel(5)]) });
      renderWithApp(<ConnectionsPage superUser={false} />);

      const list = await screen.findByRole('list', { name: 'Connections' });
      const card = within(list).getByRole('article', { name: 'Duffel – Sky Tours' });
      expect(within(card).getByText('…abcd')).toBeTruthy();
      expect(
        within(card).getByRole('button', { name: 'Test connection: Duffel – Sky Tours' }),
      ).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    },
  );

  it("should show the server's refusal, without retry or connect, when the caller is a branch manager", async () => {
    const server = stubConnectionsServer({
      list: {
        status: 403,
        body: {
          code: 'FORBIDDEN',
          message: connectionMessages.agencyOnly,
          reason: 'connections.agency-only',
        },
      },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    expect(await screen.findByText(connectionMessages.agencyOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect Duffel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect Sabre' })).toBeNull();
    expect(server.to('list')).toHaveLength(1);
  });

  it("should say 'No connections yet' and how to connect Duffel when there are none", async () => {
    stubConnectionsServer({ list: connectionList([]) });
    renderWithApp(<ConnectionsPage superUser={false} />);

    const empty = await screen.findByRole('status');
    expect(within(empty).getByText('No connections yet')).toBeTruthy();
    expect(within(empty).getByText(connectionHelpTexts.connectDuffel)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Duffel' })).toBeTruthy();
  });

  it('should say how to connect Duffel above connections that are all disconnected', async () => {
    stubConnectionsServer({
      list: connectionList([
        duffel(5, { status: 'DISCONNECTED', disconnectedAt: '2025-03-05T08:00:00.000Z' }),
      ]),
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    await screen.findByRole('table', { name: 'Connections' });
    expect(screen.getByText(connectionHelpTexts.connectDuffel)).toBeTruthy();
  });

  it('should not repeat how to connect while a connection is live', async () => {
    stubConnectionsServer({
      list: connectionList([
        simulator(2),
        duffel(5, { status: 'DISCONNECTED', disconnectedAt: '2025-03-05T08:00:00.000Z' }),
      ]),
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    await screen.findByRole('table', { name: 'Connections' });
    expect(screen.queryByText(connectionHelpTexts.connectDuffel)).toBeNull();
  });

  it('should offer to try again when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    const server = stubConnectionsServer({
      list: { status: 500, body: { code: 'INTERNAL', message: 'Boom' } },
    });
    renderWithApp(<ConnectionsPage superUser={false} />);

    expect(await screen.findByText("Can't load connections", undefined, RETRIED)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.to('list')).toHaveLength(3));
  });
});
