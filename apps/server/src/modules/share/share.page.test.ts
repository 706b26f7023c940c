import type { PublicNotification, PublicSegment } from '@smt/shared';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { errorPage, expiredPage, isCancelledFlight, notificationPage } from './share.page';

const segment = (status: string, more: Partial<PublicSegment> = {}): PublicSegment => ({
  origin: 'TLV',
  dest: 'LHR',
  departureDate: '2026-04-10 23:45',
  arrivalDate: '2026-04-11 03:10',
  status,
  ...more,
});

const NO_DESIGN = { header: null, footer: null };
const read = (html: string) => new JSDOM(html).window.document;
const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent);

describe('the share page', () => {
  it('should escape every value of the booking when it carries markup', () => {
    const notification: PublicNotification = {
      notificationType: 'TD',
      pnrNumber: '<img src=x onerror=alert(1)>',
      flights: [
        {
          flightNumber: '"><script>alert(2)</script>',
          prevSegments: [segment('HK', { origin: '<b>TLV</b>' })],
        },
      ],
    };

    const html = notificationPage(notification, NO_DESIGN);

    expect(html).not.toMatch(/<script|<img|<b>/i);
    const page = read(html);
    expect(texts(page, 'main .pnr')).toEqual(['<img src=x onerror=alert(1)>']);
    expect(texts(page, 'main tbody td')).toEqual([
      '<b>TLV</b> – LHR',
      '"><script>alert(2)</script>',
      '10/04/2026 23:45',
      '11/04/2026 03:10',
    ]);
  });

  it('should say the status beside a flight that holds no confirmed seat, and nothing beside an HK one', () => {
    const page = read(
      notificationPage(
        {
          notificationType: 'TD',
          pnrNumber: 'ABC123',
          flights: [
            { flightNumber: 'IB3317', prevSegments: [segment('UC')] },
            { flightNumber: 'IB3316', prevSegments: [segment('HK')] },
          ],
        },
        NO_DESIGN,
      ),
    );

    const flightCells = [...page.querySelectorAll('main tbody tr')].map(
      (row) => row.querySelectorAll('td')[1]!,
    );
    expect(flightCells.map((cell) => cell.textContent)).toEqual([
      'IB3317 UC: unable to confirm',
      'IB3316',
    ]);
    expect(flightCells[0]!.querySelector('.chip.error')?.textContent).toBe('UC: unable to confirm');
  });

  it("should keep the airport's own times and label each cell when a schedule change is written", () => {
    const page = read(
      notificationPage(
        {
          notificationType: 'SC',
          pnrNumber: 'ABC123',
          flights: [
            {
              flightNumber: 'LY315',
              prevSegments: [segment('HK')],
              currSegments: [segment('TK', { flightNumber: 'LY317', arrivalDate: undefined })],
            },
          ],
        },
        NO_DESIGN,
      ),
    );

    expect(texts(page, 'main h3')).toEqual([
      'New flight details: LY317',
      'Original flight details',
    ]);
    const [current] = page.querySelectorAll('main tbody tr');
    expect(
      [...current!.querySelectorAll('td')].map((td) => [td.dataset.label, td.textContent]),
    ).toEqual([
      ['Departure date', '10/04/2026'],
      ['Route', 'TLV – LHR'],
      ['Departure time', '23:45'],
      ['Arrival date', '—'],
      ['Arrival time', '—'],
    ]);
  });

  it("should say 'Cancelled' instead of a table when nothing replaced a flight the airline cancelled", () => {
    const flight = { flightNumber: 'LY315', prevSegments: [segment('UN')] };
    expect(isCancelledFlight(flight)).toBe(true);
    expect(isCancelledFlight({ ...flight, prevSegments: [segment('UN'), segment('HK')] })).toBe(
      false,
    );
    expect(isCancelledFlight({ ...flight, currSegments: [segment('TK')] })).toBe(false);

    const page = read(
      notificationPage(
        { notificationType: 'SC', pnrNumber: 'ABC123', flights: [flight] },
        NO_DESIGN,
      ),
    );
    expect(texts(page, 'main .cancelled')).toEqual(['Cancelled']);
    expect(page.querySelectorAll('main table')).toHaveLength(1);
  });

  it('should write nothing but the page around it when the notification is of another kind', () => {
    const page = read(
      notificationPage({ notificationType: null, pnrNumber: 'ABC123', flights: [] }, NO_DESIGN),
    );
    expect(page.querySelector('main')?.innerHTML).toBe('');
    expect(texts(page, 'header h1')).toEqual(['Your reservation']);
  });

  it('should say the link has expired and whom to ask when the link is no good', () => {
    const page = read(expiredPage());
    expect(texts(page, '[role="alert"] > h2, [role="alert"] > p')).toEqual([
      'The link has been expired',
      'Please contact your travel agent',
    ]);
  });

  it('should offer the same address again, escaped, when the page could not be made', () => {
    const html = errorPage('/smtapp/share/notification/1/2/"><b>x');
    const page = read(html);
    expect(texts(page, '[role="alert"] > h2, [role="alert"] > p')).toEqual([
      'Something has happened',
      'Please try again later',
    ]);
    const again = page.querySelector('[role="alert"] a');
    expect(again?.textContent).toBe('Try again');
    expect(again?.getAttribute('href')).toBe('/smtapp/share/notification/1/2/"><b>x');
    expect(html).not.toContain('<b>');
  });
});
