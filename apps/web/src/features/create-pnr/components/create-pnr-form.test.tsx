import {
  CONNECTION_CALLS,
  connectionHelpTexts,
  NOTIFICATION_CALLS,
  PNR_TOOL_CALLS,
  ROUTES,
} from '@smt/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { duffel, simulator } from '@/testing/connections-test-server';
import { renderWithApp } from '@/testing/render-app';
import { CreatePnrForm } from './create-pnr-form';
import { createPnrTexts } from './create-pnr-texts';

// Sky Tours (1) has the simulator and Duffel; Sea Tours (2) the simulator only.
const CONNECTIONS = [
  simulator(3),
  duffel(5),
  duffel(6, { status: 'DISCONNECTED' }),
  simulator(4, { agencyId: 2, agencyName: 'Sea Tours' }),
];
const ANSWERS: Record<string, (query: URLSearchParams) => unknown> = {
  [`/api/${NOTIFICATION_CALLS.listAgencies}`]: () => [
    { id: 1, name: 'Sky Tours' },
    { id: 2, name: 'Sea Tours' },
  ],
  [`/api/${NOTIFICATION_CALLS.listBranches}`]: () => [{ id: 7, pcc: 'PC7', name: 'Downtown' }],
  [`/api/${NOTIFICATION_CALLS.listAgents}`]: () => [{ id: 21, initials: 'AA', name: 'Adam' }],
  [`/api/${CONNECTION_CALLS.list}`]: (query) => ({
    items: CONNECTIONS.filter((each) => String(each.agencyId) === query.get('agencyId')),
  }),
  [`/api/${PNR_TOOL_CALLS.createPnr}`]: () => ({ pnrNumber: 'QWERTY', bookingId: 9 }),
};

/** Answers the form's calls; keeps the forms posted to create a PNR. */
function stubServer() {
  const created: Record<string, string>[] = [];
  const connectionsAsked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
      if (url.pathname === `/api/${PNR_TOOL_CALLS.createPnr}`)
        created.push(Object.fromEntries(new URLSearchParams(init?.body as URLSearchParams)));
      if (url.pathname === `/api/${CONNECTION_CALLS.list}`)
        connectionsAsked.push(url.searchParams.get('agencyId') ?? '');
      const answer = ANSWERS[url.pathname];
      return new Response(JSON.stringify(answer ? answer(url.searchParams) : {}), {
        status: answer ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { created, connectionsAsked };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await screen.findByRole('option', { name: option });
  await user.selectOptions(screen.getByRole('combobox', { name: label }), option);
}

async function chooseAgent(user: ReturnType<typeof userEvent.setup>, agency: string) {
  await choose(user, /^Agency/, agency);
  await choose(user, /^Branch/, 'PC7 – Downtown');
  await choose(user, /^Agent/, 'AA – Adam');
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, agency: string) {
  await chooseAgent(user, agency);
  await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Noa');
  await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Peretz');
}

const systemSelect = () => screen.queryByRole('combobox', { name: 'Reservation system' });

// Long userEvent walks through the whole form.
describe('CreatePnrForm', { timeout: 20_000 }, () => {
  it('should offer Duffel where the agency has it and send its connection', async () => {
    const user = userEvent.setup();
    const { created, connectionsAsked } = stubServer();
    const onCreated = vi.fn();
    renderWithApp(<CreatePnrForm onCreated={onCreated} />);

    await fillIn(user, 'Sea Tours');
    expect(connectionsAsked).toEqual(['2']);
    expect(systemSelect()).toBeNull();

    await chooseAgent(user, 'Sky Tours');
    const select = await screen.findByRole('combobox', { name: 'Reservation system' });
    expect(
      [...(select as HTMLSelectElement).options].map((option) => [option.value, option.text]),
    ).toEqual([
      ['', 'Simulator'],
      ['5', 'Duffel'],
    ]);
    expect(screen.queryByText(createPnrTexts.airlineSetsDeadline)).toBeNull();
    await user.selectOptions(select, 'Duffel');
    expect(screen.getByText(createPnrTexts.airlineSetsDeadline)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith({ pnrNumber: 'QWERTY', bookingId: 9 }),
    );
    expect(created).toEqual([
      expect.objectContaining({ agencyId: '1', agentId: '21', connectionId: '5' }),
    ]);
  });

  it('should book in the simulator, naming no connection, unless Duffel is chosen', async () => {
    const user = userEvent.setup();
    const { created } = stubServer();
    const onCreated = vi.fn();
    renderWithApp(<CreatePnrForm onCreated={onCreated} />);

    await fillIn(user, 'Sky Tours');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Reservation system' }),
      'Duffel',
    );
    // Another agency is another set of connections: its own simulator again.
    await choose(user, /^Agency/, 'Sea Tours');
    await waitFor(() => expect(systemSelect()).toBeNull());
    await choose(user, /^Agency/, 'Sky Tours');
    expect(
      (await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Reservation system' }))
        .value,
    ).toBe('');
    await choose(user, /^Branch/, 'PC7 – Downtown');
    await choose(user, /^Agent/, 'AA – Adam');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(created).toHaveLength(1);
    expect(created[0]).not.toHaveProperty('connectionId');
    expect(created[0]).toMatchObject({ agencyId: '1', ticketingDueInHours: '24' });
  });

  describe('in production, where a booking needs a real connection', () => {
    const warning = () => screen.queryByText(connectionHelpTexts.noRealConnection);

    it('should say how to connect one for an agency with only the simulator', async () => {
      const user = userEvent.setup();
      stubServer();
      renderWithApp(<CreatePnrForm onCreated={vi.fn()} realConnectionNeeded />);

      await chooseAgent(user, 'Sea Tours');

      await waitFor(() => expect(warning()).toBeTruthy());
      expect(screen.getByRole('link', { name: 'Connections' }).getAttribute('href')).toBe(
        ROUTES.connections.path,
      );
      // The simulator is not a choice there.
      expect(systemSelect()).toBeNull();
    });

    it("should book in the agency's Duffel without offering the simulator", async () => {
      const user = userEvent.setup();
      const { created, connectionsAsked } = stubServer();
      const onCreated = vi.fn();
      renderWithApp(<CreatePnrForm onCreated={onCreated} realConnectionNeeded />);

      await fillIn(user, 'Sky Tours');
      await waitFor(() => expect(connectionsAsked).toEqual(['1']));
      expect(await screen.findByText(createPnrTexts.airlineSetsDeadline)).toBeTruthy();
      expect(systemSelect()).toBeNull();
      expect(warning()).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Submit' }));

      await waitFor(() => expect(onCreated).toHaveBeenCalled());
      expect(created[0]).not.toHaveProperty('connectionId');
    });
  });
});
