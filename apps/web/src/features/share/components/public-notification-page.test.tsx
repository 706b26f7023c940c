import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  errorMessages,
  uiTexts,
  type PublicNotification,
  type PublicSegment,
  type PublicShareResponse,
} from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { SHARE_TEXTS } from '@/features/share/share-texts';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';
import { PublicNotificationPage } from './public-notification-page';

const LINK = { id: '42', timestamp: '1770000000000', token: 'abc_DEF-123' };
const CALL = 'GET /api/public/share/notification/42/1770000000000/abc_DEF-123';

const segment = (overrides: Partial<PublicSegment> = {}): PublicSegment => ({
  origin: 'TLV',
  dest: 'LHR',
  departureDate: '2026-04-10 08:00',
  arrivalDate: '2026-04-10 12:30',
  status: 'HK',
  ...overrides,
});

function answer(
  responseData: PublicNotification,
  designProperties: PublicShareResponse['designProperties'] = { header: null, footer: null },
): PublicShareResponse {
  return { responseData, designProperties };
}

function renderPage(body: PublicShareResponse) {
  const calls = stubApi({ [CALL]: { body } });
  renderWithApp(<PublicNotificationPage link={LINK} />);
  return calls;
}

/** A table's cells, row by row, header first. */
function cellsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim()),
    );
}

const flightBlock = (flightNumber: string) =>
  screen.getByRole('region', { name: `${SHARE_TEXTS.flightNumber} ${flightNumber}` });

describe('PublicNotificationPage', () => {
  it('should show the new and the original flight details when the schedule changed', async () => {
    const calls = renderPage(
      answer({
        notificationType: 'SC',
        pnrNumber: 'ABC123',
        flights: [
          {
            flightNumber: 'LY315',
            prevSegments: [segment()],
            currSegments: [
              segment({ departureDate: '2026-04-10 23:45', arrivalDate: '2026-04-11 04:15' }),
            ],
          },
        ],
      }),
    );

    expect(await screen.findByText(SHARE_TEXTS.scheduleChangeIntro)).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([CALL]);
    expect(screen.getByText('ABC123')).toBeTruthy();
    expect(screen.getByText(SHARE_TEXTS.scheduleChangeClosing)).toBeTruthy();
    const block = flightBlock('LY315');
    const header = [
      SHARE_TEXTS.departureDate,
      SHARE_TEXTS.route,
      SHARE_TEXTS.departureTime,
      SHARE_TEXTS.arrivalDate,
      SHARE_TEXTS.arrivalTime,
    ];
    expect(
      cellsOf(within(block).getByRole('table', { name: SHARE_TEXTS.newFlightDetails })),
    ).toEqual([header, ['10/04/2026', 'TLV – LHR', '23:45', '11/04/2026', '04:15']]);
    expect(
      cellsOf(within(block).getByRole('table', { name: SHARE_TEXTS.originalFlightDetails })),
    ).toEqual([header, ['10/04/2026', 'TLV – LHR', '08:00', '10/04/2026', '12:30']]);
    expect(within(block).queryByText(SHARE_TEXTS.cancelled)).toBeNull();
  });

  it('should name the new flight number when a replacement flies under another one', async () => {
    renderPage(
      answer({
        notificationType: 'SC',
        pnrNumber: 'ABC123',
        flights: [
          {
            flightNumber: 'LY316',
            prevSegments: [segment({ flightNumber: 'LY316', status: 'UN' })],
            currSegments: [segment({ flightNumber: 'LY318', status: 'TK' })],
          },
        ],
      }),
    );

    await screen.findByText(SHARE_TEXTS.scheduleChangeIntro);
    const block = flightBlock('LY316');
    expect(
      within(block).getByRole('table', { name: `${SHARE_TEXTS.newFlightDetails}: LY318` }),
    ).toBeTruthy();
    expect(
      within(block).getByRole('table', { name: SHARE_TEXTS.originalFlightDetails }),
    ).toBeTruthy();
  });

  it('should say Cancelled instead of new details when a flight was cancelled without replacement', async () => {
    renderPage(
      answer({
        notificationType: 'SC',
        pnrNumber: 'ABC123',
        flights: [
          {
            flightNumber: 'LY316',
            prevSegments: [segment({ origin: 'LHR', dest: 'TLV', status: 'UN' })],
          },
        ],
      }),
    );

    await screen.findByText(SHARE_TEXTS.scheduleChangeIntro);
    const block = flightBlock('LY316');
    const newDetails = within(block).getByRole('region', { name: SHARE_TEXTS.newFlightDetails });
    expect(within(newDetails).getByText(SHARE_TEXTS.cancelled)).toBeTruthy();
    expect(within(newDetails).queryByRole('table')).toBeNull();
    expect(
      cellsOf(within(block).getByRole('table', { name: SHARE_TEXTS.originalFlightDetails }))[1],
    ).toEqual(['10/04/2026', 'LHR – TLV', '08:00', '10/04/2026', '12:30']);
  });

  it('should list every flight in the reservation details when ticketing is due', async () => {
    renderPage(
      answer({
        notificationType: 'TD',
        pnrNumber: 'XYZ789',
        flights: [
          { flightNumber: 'LY315', prevSegments: [segment()] },
          {
            flightNumber: 'LY316',
            prevSegments: [
              segment({
                origin: 'LHR',
                dest: 'TLV',
                departureDate: '2026-04-20 14:05',
                arrivalDate: undefined,
              }),
            ],
          },
        ],
      }),
    );

    expect(await screen.findByText(SHARE_TEXTS.ticketingDueIntro)).toBeTruthy();
    expect(screen.getByText('XYZ789')).toBeTruthy();
    expect(cellsOf(screen.getByRole('table', { name: SHARE_TEXTS.reservationDetails }))).toEqual([
      [
        SHARE_TEXTS.route,
        SHARE_TEXTS.flightNumberColumn,
        SHARE_TEXTS.departure,
        SHARE_TEXTS.arrival,
      ],
      ['TLV – LHR', 'LY315', '10/04/2026 08:00', '10/04/2026 12:30'],
      ['LHR – TLV', 'LY316', '20/04/2026 14:05', '—'],
    ]);
    expect(screen.queryByText(SHARE_TEXTS.scheduleChangeIntro)).toBeNull();
  });

  it('should say the status of a segment not confirmed beside its flight number, highlighted', async () => {
    renderPage(
      answer({
        notificationType: 'TD',
        pnrNumber: 'XYZ789',
        flights: [
          { flightNumber: 'LY315', prevSegments: [segment()] },
          { flightNumber: 'LY317', prevSegments: [segment({ status: 'UC' })] },
        ],
      }),
    );

    const table = await screen.findByRole('table', { name: SHARE_TEXTS.reservationDetails });
    expect(
      cellsOf(table)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(['LY315', 'LY317 UC: unable to confirm']);
    expect(
      within(table).getByText('UC: unable to confirm').closest('.MuiChip-root'),
    ).not.toBeNull();
  });

  it('should show each row as a card of labels and values when the screen is small', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderPage(
      answer({
        notificationType: 'TD',
        pnrNumber: 'XYZ789',
        flights: [{ flightNumber: 'LY315', prevSegments: [segment()] }],
      }),
    );

    const list = await screen.findByRole('list', { name: SHARE_TEXTS.reservationDetails });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    const pairs = [...card!.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      [SHARE_TEXTS.route, 'TLV – LHR'],
      [SHARE_TEXTS.flightNumberColumn, 'LY315'],
      [SHARE_TEXTS.departure, '10/04/2026 08:00'],
      [SHARE_TEXTS.arrival, '10/04/2026 12:30'],
    ]);
  });

  it('should render only the header and footer when the notification is of another type', async () => {
    renderPage(
      answer(
        { notificationType: null, pnrNumber: 'ABC123', flights: [] },
        { header: '<p>Demo Travel</p>', footer: '<p>Call us on 03-1234567</p>' },
      ),
    );

    expect(await screen.findByText('Demo Travel')).toBeTruthy();
    expect(screen.getByText('Call us on 03-1234567')).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('');
    expect(screen.queryByText('ABC123')).toBeNull();
  });

  it('should say the link has expired when the server answers NOT_FOUND', async () => {
    stubApi({
      [CALL]: {
        status: 404,
        body: {
          code: 'NOT_FOUND',
          message: 'The link has been expired',
          reason: 'share.link-expired',
        },
      },
    });
    renderWithApp(<PublicNotificationPage link={LINK} />);

    expect(
      await screen.findByRole('heading', { name: errorMessages.linkExpiredTitle }),
    ).toBeTruthy();
    expect(screen.getByText(errorMessages.linkExpiredText)).toBeTruthy();
    expect(screen.queryByText(errorMessages.genericTitle)).toBeNull();
  });

  it('should show the generic error and try again when the server fails otherwise', async () => {
    let failing = true;
    stubApi({
      [CALL]: () =>
        failing
          ? { status: 500, body: { code: 'INTERNAL', message: 'Internal error' } }
          : { body: answer({ notificationType: 'TD', pnrNumber: 'XYZ789', flights: [] }) },
    });
    renderWithApp(<PublicNotificationPage link={LINK} />);

    expect(await screen.findByRole('heading', { name: errorMessages.genericTitle })).toBeTruthy();
    expect(screen.getByText(errorMessages.genericText)).toBeTruthy();
    expect(screen.queryByText(errorMessages.linkExpiredTitle)).toBeNull();

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.tryAgain }));
    expect(await screen.findByText(SHARE_TEXTS.ticketingDueIntro)).toBeTruthy();
  });

  it('should show the generic error when the answer breaks the contract', async () => {
    stubApi({ [CALL]: { body: { responseData: null } } });
    renderWithApp(<PublicNotificationPage link={LINK} />);

    expect(await screen.findByRole('heading', { name: errorMessages.genericTitle })).toBeTruthy();
  });

  it("should render the agency's header sanitised when it carries a script or a handler", async () => {
    renderPage(
      answer(
        { notificationType: 'TD', pnrNumber: 'XYZ789', flights: [] },
        {
          header:
            '<b>Demo Travel</b><script>window.hacked = true</script><img src="logo.png" alt="Logo" onerror="window.hacked = true">',
          footer: null,
        },
      ),
    );

    const bold = await screen.findByText('Demo Travel');
    expect(bold.tagName).toBe('B');
    const header = screen.getByRole('banner');
    expect(header.querySelector('script')).toBeNull();
    expect(within(header).getByRole('img', { name: 'Logo' }).getAttribute('onerror')).toBeNull();
    expect(header.innerHTML).not.toContain('hacked');
    expect(screen.queryByText(uiTexts.defaultShareHeader)).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('should show the default header and no footer when the agency has no design', async () => {
    renderPage(answer({ notificationType: 'TD', pnrNumber: 'XYZ789', flights: [] }));

    expect(
      await screen.findByRole('heading', { level: 1, name: uiTexts.defaultShareHeader }),
    ).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('should show a loader while the link is being opened', async () => {
    stubApi({
      [CALL]: { body: answer({ notificationType: 'TD', pnrNumber: 'XYZ789', flights: [] }) },
    });
    renderWithApp(<PublicNotificationPage link={LINK} />);

    expect(screen.getByRole('progressbar', { name: SHARE_TEXTS.loading })).toBeTruthy();
    await screen.findByText(SHARE_TEXTS.ticketingDueIntro);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
