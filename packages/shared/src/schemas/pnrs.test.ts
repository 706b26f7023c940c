import { describe, expect, it } from 'vitest';
import { validationMessages as messages } from '../messages';
import {
  activePnrFilters,
  monthsBefore,
  PnrCsvRequest,
  PnrFilter,
  PnrListRequest,
  pnrDateIssues,
  pnrDateLimits,
  pnrFilterWithLimits,
  serverPnrDateLimits,
  TicketingQuery,
} from './pnrs';

const fieldErrorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('PnrFilter', () => {
  it.each([
    ['airline', 'L', messages.twoAlphanumeric],
    ['airline', 'L-', messages.twoAlphanumeric],
    ['destinationFrom', 'TL', messages.threeLetters],
    ['destinationTo', 'TL1', messages.threeLetters],
    ['pnrNumber', 'ABC12', messages.pnrNumber],
    ['pnrNumber', 'ABCDEFGHIJK', messages.pnrNumber],
    ['flightNumber', '12345', messages.flightNumber],
    ['flightNumber', 'A1', messages.flightNumber],
    ['customerName', 'A', messages.customerName],
    ['customerName', 'Levi; drop', messages.customerName],
    ['dkNumber', 'DK-1', messages.customerNumber],
    ['dkNumber', '12345678901', messages.customerNumber],
  ])('should refuse %s %j with its message', (field, value, message) => {
    expect(fieldErrorsOf(PnrFilter.safeParse({ [field]: value }))).toEqual({ [field]: message });
  });

  it('should uppercase airline, destinations and PNR number, and trim every text', () => {
    expect(
      PnrFilter.parse({
        airline: ' ly ',
        destinationFrom: 'tlv',
        destinationTo: 'lhr',
        pnrNumber: 'abc123',
        customerName: ' levi ',
        dkNumber: 'dk12',
        flightNumber: '315',
      }),
    ).toEqual({
      airline: 'LY',
      destinationFrom: 'TLV',
      destinationTo: 'LHR',
      pnrNumber: 'ABC123',
      customerName: 'levi',
      dkNumber: 'dk12',
      flightNumber: '315',
    });
  });

  it('should clear empty values and empty ranges, and read Ticketed Yes / No / All', () => {
    expect(
      PnrFilter.parse({ airline: '  ', creationDate: { from: '', to: '' }, isTicketed: 'All' }),
    ).toEqual({});
    expect(PnrFilter.parse({ isTicketed: 'Yes' }).isTicketed).toBe(true);
    expect(PnrFilter.parse({ isTicketed: 'false' }).isTicketed).toBe(false);
    expect(PnrFilter.safeParse({ isTicketed: 'maybe' }).success).toBe(false);
  });

  it('should need both ends of a range, in order, and real days', () => {
    expect(fieldErrorsOf(PnrFilter.safeParse({ creationDate: { from: '2026-06-01' } }))).toEqual({
      'creationDate.to': messages.dateRangeBothEnds,
    });
    expect(
      fieldErrorsOf(
        PnrFilter.safeParse({ departureDate: { from: '2026-06-02', to: '2026-06-01' } }),
      ),
    ).toEqual({ 'departureDate.to': messages.dateRangeOrder });
    expect(
      PnrFilter.safeParse({ ticketingDate: { from: '2026-02-30', to: '2026-03-01' } }).success,
    ).toBe(false);
  });

  it('should read a range sent as JSON text in a form body', () => {
    expect(
      PnrFilter.parse({ creationDate: '{"from":"2026-06-01","to":"2026-06-30"}' }).creationDate,
    ).toEqual({ from: '2026-06-01', to: '2026-06-30' });
  });
});

describe('date limits', () => {
  const limits = pnrDateLimits('2026-11-24');

  it('should count six months back on the calendar', () => {
    expect(limits).toEqual({ today: '2026-11-24', earliest: '2026-05-24' });
    expect(monthsBefore('2026-08-31', 6)).toBe('2026-02-28');
  });

  it('should refuse creation and ticketing days in the future but not departures', () => {
    const filter = PnrFilter.parse({
      creationDate: { from: '2026-11-20', to: '2026-11-25' },
      ticketingDate: { from: '2026-11-25', to: '2026-11-26' },
      departureDate: { from: '2026-11-20', to: '2027-03-01' },
    });
    expect(pnrDateIssues(filter, limits)).toEqual({
      'creationDate.to': messages.dateInFuture,
      'ticketingDate.from': messages.dateInFuture,
      'ticketingDate.to': messages.dateInFuture,
    });
  });

  it('should refuse any date more than six months back, and take the edge day', () => {
    const filter = PnrFilter.parse({
      creationDate: { from: '2026-05-23', to: '2026-05-24' },
      departureDate: { from: '2026-05-24', to: '2026-06-01' },
    });
    expect(pnrDateIssues(filter, limits)).toEqual({
      'creationDate.from': messages.dateTooFarBack,
    });
  });

  it('should check the limits in the form schema under the field paths', () => {
    const result = pnrFilterWithLimits(limits).safeParse({
      creationDate: { from: '2026-11-01', to: '2026-12-01' },
    });
    expect(fieldErrorsOf(result)).toEqual({ 'creationDate.to': messages.dateInFuture });
  });

  it("should let the server accept any time zone's today", () => {
    expect(serverPnrDateLimits(new Date('2026-11-24T12:00:00Z'))).toEqual({
      today: '2026-11-25',
      earliest: '2026-05-24',
    });
  });
});

describe('activePnrFilters', () => {
  it('should count only values that are set', () => {
    expect(activePnrFilters({ airline: 'LY', customerName: undefined, isTicketed: false })).toEqual(
      ['isTicketed', 'airline'],
    );
  });
});

describe('requests', () => {
  it('should page a list with the default page size and refuse a huge chunk', () => {
    expect(PnrListRequest.parse({})).toMatchObject({ offset: 0, chunk: 20 });
    expect(PnrListRequest.safeParse({ chunk: '100000' }).success).toBe(false);
    expect(PnrListRequest.safeParse({ column: 'pnrNumber' }).success).toBe(false);
  });

  it('should read the CSV search as JSON text and refuse anything else there', () => {
    expect(PnrCsvRequest.parse({ request: '{"airline":"ly","column":"status"}' })).toMatchObject({
      airline: 'LY',
      column: 'status',
    });
    expect(PnrCsvRequest.safeParse({ request: '{not json' }).success).toBe(false);
  });

  it('should need a PNR number and a GDS for ticketing', () => {
    expect(TicketingQuery.parse({ pnrNumber: 'abc123', gdsId: 'SIM' })).toEqual({
      pnrNumber: 'ABC123',
      gdsId: 'SIM',
    });
    expect(TicketingQuery.safeParse({ gdsId: 'SIM' }).success).toBe(false);
  });
});
