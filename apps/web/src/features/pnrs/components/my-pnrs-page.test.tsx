import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import type { SentCall } from '@/testing/stub-api';
import { stubViewportWidth } from '@/testing/viewport';
import { MyPnrsPage } from './my-pnrs-page';
import type { PnrDetailsSlots } from './pnr-details-slots';
import { PNR_LIST_PATH, pnrDetails, pnrPage, pnrRow, stubPnrServer } from './pnr-test-server';

// A failing list is asked twice (the query client retries once) before it says so.
const RETRIED = { timeout: 4_000 };

const SLOTS: PnrDetailsSlots = {
  booking: (details) => <p>Booking cards of {details.pnr.id}</p>,
  notifications: (pnrNumber) => <p>Notifications of {pnrNumber}</p>,
};

function CurrentSearch() {
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="search">{useLocation().search}</output>
      <button onClick={() => void navigate(-1)}>Back</button>
    </>
  );
}

function renderPage(path = '/my-pnrs') {
  renderWithApp(
    <>
      <MyPnrsPage slots={SLOTS} />
      <CurrentSearch />
    </>,
    path,
  );
}

/** The query string now, without the searchId each new search draws. */
function currentParams(): URLSearchParams {
  const params = new URLSearchParams(screen.getByTestId('search').textContent ?? '');
  params.delete('searchId');
  return params;
}

const cellTexts = (row: HTMLElement) => Array.from(row.children, (cell) => cell.textContent);

const listBodies = (calls: SentCall[]) =>
  calls
    .filter((call) => call.path === PNR_LIST_PATH)
    .map((call) => call.body as Record<string, unknown>);

const urlOf = (input: RequestInfo | URL) =>
  input instanceof Request ? input.url : input.toString();

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('MyPnrsPage', { timeout: 20_000 }, () => {
  it('should show a row per booking with its columns when the list loads', async () => {
    const calls = stubPnrServer({
      list: {
        body: pnrPage([
          pnrRow(1, {
            isVoidable: true,
            isCancelled: true,
            notificationStat: [
              { group: 'REPRICE', total: 3, unread: 1 },
              { group: 'ADM', total: 0, unread: 0 },
            ],
          }),
          pnrRow(2, {
            passengerName: null,
            carrierCode: null,
            flightNumber: null,
            flightRoute: null,
            flightDate: null,
          }),
        ]),
      },
    });
    renderPage('/my-pnrs?airline=LY');

    const table = await screen.findByRole('table', { name: 'PNRs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Details',
      'PNR',
      'Creation date',
      'Status',
      '#Passengers',
      'Main passenger',
      'Flight',
      'Departure time',
      'Notifications',
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(cellTexts(first!)).toEqual([
      '',
      'PNR001',
      expect.stringMatching(/^01\/06\/2026 \d{2}:30$/),
      'Ticket VoidableCancelled',
      '2',
      'LEVI/DANA MRS',
      'LY315TLV-LHR',
      '13/12/2026 10:00',
      '31',
    ]);
    expect(within(first!).getByLabelText('Reprice: 3, 1 unread')).toBeTruthy();
    expect(cellTexts(second!)).toEqual([
      '',
      'PNR002',
      expect.any(String),
      'Booked',
      '2',
      '—',
      '—',
      '—',
      '—',
    ]);
    expect(listBodies(calls)[0]).toEqual({ airline: 'LY', offset: 0, chunk: 20 });
  });

  it("should say 'No PNRS found' when the search finds nothing", async () => {
    stubPnrServer({ list: { body: pnrPage([]) } });
    renderPage();

    expect(await screen.findByText('No PNRS found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('should say "Can\'t load PNRs" and load again when Try again is pressed', async () => {
    let failing = true;
    stubPnrServer({
      list: () =>
        failing
          ? { status: 500, body: { code: 'INTERNAL', message: 'Something has happened' } }
          : { body: pnrPage([pnrRow(1)]) },
    });
    renderPage();

    expect(await screen.findByText("Can't load PNRs", {}, RETRIED)).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('rowheader', { name: 'PNR001' })).toBeTruthy();
    expect(screen.queryByText("Can't load PNRs")).toBeNull();
  });

  it("should show the server's field messages when it refuses the search", async () => {
    stubPnrServer({
      list: {
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: 'Invalid request',
          fieldErrors: { 'creationDate.to': 'The date cannot be in the future' },
        },
      },
    });
    renderPage('/my-pnrs?creationDate=2026-06-01..2099-01-01');

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Creation date to: The date cannot be in the future'),
    ).toBeTruthy();
  });

  it('should show a chip per applied filter and drop one from the URL when it is deleted', async () => {
    stubPnrServer({ list: { body: pnrPage([pnrRow(1)]) } });
    renderPage(
      '/my-pnrs?isTicketed=No&airline=LY&creationDate=2026-06-01..2026-06-30&column=status&direction=asc&page=3',
    );

    const chips = screen.getByRole('list', { name: 'Applied filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Ticketed: No', 'Airline: LY', 'Creation date: 01/06/2026 – 30/06/2026', 'Reset']);

    const airline = within(chips).getByRole('button', { name: 'Airline: LY' });
    await userEvent.click(within(airline).getByTestId('CancelIcon'));

    expect(currentParams().toString()).toBe(
      'isTicketed=No&creationDate=2026-06-01..2026-06-30&column=status&direction=asc',
    );
    expect(screen.getByTestId('search').textContent).toMatch(/searchId=\w+/);
  });

  it('should return to the previous search when the browser goes Back after a new one', async () => {
    stubPnrServer({ list: { body: pnrPage([pnrRow(1)]) } });
    renderPage('/my-pnrs?airline=LY&flightNumber=315');

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(currentParams().toString()).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentParams().toString()).toBe('airline=LY&flightNumber=315');
    expect(screen.getByRole('button', { name: 'Airline: LY' })).toBeTruthy();
  });

  it('should clear every filter and keep the sort when Reset is pressed', async () => {
    stubPnrServer({ list: { body: pnrPage([pnrRow(1)]) } });
    renderPage('/my-pnrs?airline=LY&pnrNumber=ABC123&column=flightDate&direction=desc');

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));

    expect(currentParams().toString()).toBe('column=flightDate&direction=desc');
    expect(screen.queryByRole('list', { name: 'Applied filters' })).toBeNull();
  });

  it('should show no chips when no filter is applied', async () => {
    stubPnrServer({ list: { body: pnrPage([pnrRow(1)]) } });
    renderPage('/my-pnrs?column=status&direction=asc');

    await screen.findByRole('table');
    expect(screen.queryByRole('list', { name: 'Applied filters' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
  });

  it('should sort a column ascending, then descending, then not at all as its header is clicked', async () => {
    const calls = stubPnrServer({ list: { body: pnrPage([pnrRow(1)]) } });
    renderPage('/my-pnrs?airline=LY');
    const table = await screen.findByRole('table');
    const header = () => within(table).getByRole('columnheader', { name: 'Creation date' });

    await userEvent.click(within(header()).getByRole('button', { name: 'Creation date' }));
    expect(currentParams().toString()).toBe('airline=LY&column=pnrCreationDate&direction=asc');
    expect(header().getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(within(header()).getByRole('button', { name: 'Creation date' }));
    expect(currentParams().toString()).toBe('airline=LY&column=pnrCreationDate&direction=desc');
    expect(header().getAttribute('aria-sort')).toBe('descending');

    await userEvent.click(within(header()).getByRole('button', { name: 'Creation date' }));
    expect(currentParams().toString()).toBe('airline=LY');
    expect(header().getAttribute('aria-sort')).toBeNull();

    await vi.waitFor(() => expect(listBodies(calls)).toHaveLength(4));
    expect(listBodies(calls).map((body) => [body.column, body.direction])).toEqual([
      [undefined, undefined],
      ['pnrCreationDate', 'asc'],
      ['pnrCreationDate', 'desc'],
      [undefined, undefined],
    ]);
  });

  it('should offer no sort on the PNR and Flight columns', async () => {
    stubPnrServer({ list: { body: pnrPage([pnrRow(1)]) } });
    renderPage();
    const table = await screen.findByRole('table');

    const headerButtons = within(within(table).getAllByRole('row')[0]!).getAllByRole('button');
    expect(headerButtons.map((button) => button.textContent)).toEqual([
      'Creation date',
      'Status',
      '#Passengers',
      'Main passenger',
      'Departure time',
      'Notifications',
    ]);
  });

  it('should move to the next page in the URL and ask for its offset', async () => {
    const calls = stubPnrServer({
      list: (call) => {
        const offset = (call.body as { offset: number }).offset;
        return { body: pnrPage([pnrRow(offset + 1)], 45) };
      },
    });
    renderPage('/my-pnrs?airline=LY&searchId=abc');
    await screen.findByRole('rowheader', { name: 'PNR001' });
    expect(screen.getByText('1–20 of 45')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));

    expect(await screen.findByRole('rowheader', { name: 'PNR021' })).toBeTruthy();
    expect(screen.getByTestId('search').textContent).toBe('?airline=LY&searchId=abc&page=2');
    expect(listBodies(calls).at(-1)).toEqual({
      airline: 'LY',
      searchId: 'abc',
      offset: 20,
      chunk: 20,
    });
  });

  it('should download the search, without its id, as CSV under the name the server gives', async () => {
    const saved: string[] = [];
    // jsdom has no object URLs.
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:csv' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    stubPnrServer({ list: { body: pnrPage([pnrRow(1)]) } });
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      urlOf(input).endsWith('/pnrList/csv')
        ? new Response('PNR\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="pnrs-2026-06-30.csv"',
            },
          })
        : (answer?.(input, init) ?? new Response()),
    );
    renderPage(
      '/my-pnrs?isTicketed=Yes&creationDate=2026-06-01..2026-06-30&column=status&direction=desc&searchId=abc',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    await vi.waitFor(() => expect(saved).toEqual(['pnrs-2026-06-30.csv']));
    const csvCall = fetchMock.mock.calls.find(([input]) => urlOf(input).endsWith('/pnrList/csv'));
    const form = new URLSearchParams(csvCall?.[1]?.body as URLSearchParams);
    expect(JSON.parse(form.get('request') ?? '')).toEqual({
      isTicketed: true,
      creationDate: { from: '2026-06-01', to: '2026-06-30' },
      column: 'status',
      direction: 'desc',
    });
  });

  it('should say the count is more than the limit when the server stopped counting', async () => {
    stubPnrServer({ list: { body: pnrPage([pnrRow(1)], 10_000, true) } });
    renderPage();

    expect(await screen.findByText('1–20 of more than 10000')).toBeTruthy();
  });

  const refreshingPage = () =>
    pnrPage([
      pnrRow(1, {
        passengerName: 'COHEN/NOA MS',
        updateWillAvailable: true,
        syncJobId: '5b0c2a8e-0d7f-4a51-9d8e-3c2a1f0b9e71',
      }),
      pnrRow(2),
    ]);

  it('should keep a refreshing row readable and usable, with a marker beside its PNR', async () => {
    stubPnrServer({ list: { body: refreshingPage() }, details: { body: pnrDetails() } });
    renderPage();

    const marker = await screen.findByRole('progressbar', {
      name: 'Updating PNR PNR001 from the GDS',
    });
    const row = marker.closest('tr');
    if (!row) throw new Error('the marker is in the row');
    // Beside the PNR, in its own cell: nothing covers the other columns.
    expect(marker.closest('th')?.textContent).toBe('PNR001');
    expect(within(row).getAllByRole('progressbar')).toEqual([marker]);
    expect(within(row).getByText('COHEN/NOA MS')).toBeTruthy();
    expect(row.hasAttribute('aria-busy')).toBe(false);
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(
      screen
        .getByRole('rowheader', { name: 'PNR002' })
        .closest('tr')
        ?.querySelector('[role="progressbar"]'),
    ).toBeNull();

    await userEvent.hover(marker);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Updating from the GDS');
    await userEvent.click(within(row).getByRole('button', { name: 'Expand PNR PNR001' }));
    expect(screen.getByRole('region', { name: 'Details of PNR PNR001' })).toBeTruthy();
  });

  it('should keep a refreshing card readable and usable, with a marker beside its PNR', async () => {
    stubViewportWidth(375);
    stubPnrServer({ list: { body: refreshingPage() }, details: { body: pnrDetails() } });
    renderPage();

    const card = await screen.findByRole('article', { name: 'PNR001' });
    const marker = within(card).getByRole('progressbar', {
      name: 'Updating PNR PNR001 from the GDS',
    });
    expect(marker.parentElement?.textContent).toBe('PNR001');
    expect(within(card).getByText('COHEN/NOA MS')).toBeTruthy();
    expect(card.hasAttribute('aria-busy')).toBe(false);
    expect(
      within(screen.getByRole('article', { name: 'PNR002' })).queryByRole('progressbar'),
    ).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Expand PNR PNR001' }));
    expect(screen.getByRole('region', { name: 'Details of PNR PNR001' })).toBeTruthy();
  });

  it("should open and close a row's details when its expand button is pressed", async () => {
    stubPnrServer({
      list: { body: pnrPage([pnrRow(1), pnrRow(2)]) },
      details: { body: pnrDetails() },
    });
    renderPage();
    const expand = await screen.findByRole('button', { name: 'Expand PNR PNR001' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(expand);

    expect(expand.getAttribute('aria-expanded')).toBe('true');
    const details = screen.getByRole('region', { name: 'Details of PNR PNR001' });
    expect(expand.getAttribute('aria-controls')).toBe(details.id);
    expect(await within(details).findByText('Booking cards of PNR001')).toBeTruthy();
    expect(within(details).getByText('Notifications of PNR001')).toBeTruthy();

    await userEvent.click(expand);
    expect(screen.queryByRole('region', { name: 'Details of PNR PNR001' })).toBeNull();
  });

  it('should load the list again after a booking was sent to ticketing', async () => {
    const calls = stubPnrServer({
      list: { body: pnrPage([pnrRow(1, { type: 'OTA' })]) },
      details: { body: pnrDetails() },
      ticketing: { body: { data: { state: 'SUCCESS', errorText: null } } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Expand PNR PNR001' }));

    await userEvent.click(screen.getByRole('button', { name: 'Send to ticketing' }));

    expect(await screen.findByText('PNR has been ticketed')).toBeTruthy();
    await vi.waitFor(() => expect(listBodies(calls)).toHaveLength(2));
  });
});

describe('MyPnrsPage on a small screen', { timeout: 20_000 }, () => {
  it('should show a card per booking instead of the table', async () => {
    stubViewportWidth(375);
    stubPnrServer({ list: { body: pnrPage([pnrRow(1, { type: 'OTA' }), pnrRow(2)]) } });
    renderPage();

    const card = await screen.findByRole('article', { name: 'PNR001' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('LEVI/DANA MRS')).toBeTruthy();
    expect(within(card).getByText('13/12/2026 10:00')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Send to ticketing' })).toBeTruthy();
    const regular = screen.getByRole('article', { name: 'PNR002' });
    expect(within(regular).queryByRole('button', { name: 'Send to ticketing' })).toBeNull();
  });

  it('should sort by the chosen column and cycle its direction to off', async () => {
    stubViewportWidth(375);
    stubPnrServer({ list: { body: pnrPage([pnrRow(1)]) } });
    renderPage();
    await screen.findByRole('article', { name: 'PNR001' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Main passenger' }));
    expect(currentParams().toString()).toBe('column=passengerName&direction=asc');

    await userEvent.click(screen.getByRole('button', { name: 'Sort direction: ascending' }));
    expect(currentParams().toString()).toBe('column=passengerName&direction=desc');

    await userEvent.click(screen.getByRole('button', { name: 'Sort direction: descending' }));
    expect(currentParams().toString()).toBe('');
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Sort direction: off' }).disabled,
    ).toBe(true);
  });
});
