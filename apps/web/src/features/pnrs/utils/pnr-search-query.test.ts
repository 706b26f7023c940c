import type { PnrSearch } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { filterOfSearch, pnrSearchParams, readPnrSearch } from './pnr-search-query';

const read = (query: string) => readPnrSearch(new URLSearchParams(query));

describe('readPnrSearch and pnrSearchParams', () => {
  it('should give back the same search and page when a full search goes through the URL', () => {
    const search: PnrSearch = {
      isTicketed: false,
      airline: 'LY',
      dkNumber: 'DK12',
      customerName: 'Dana Levi',
      destinationFrom: 'TLV',
      destinationTo: 'LHR',
      pnrNumber: 'ABC123',
      flightNumber: '315',
      creationDate: { from: '2026-06-01', to: '2026-06-30' },
      ticketingDate: { from: '2026-06-02', to: '2026-06-03' },
      departureDate: { from: '2026-07-01', to: '2026-12-31' },
      column: 'passengerName',
      direction: 'desc',
      searchId: 'k3j9x2a1',
    };

    const params = pnrSearchParams({ search, page: 3 });

    expect(params.toString()).toBe(
      'isTicketed=No&airline=LY&dkNumber=DK12&customerName=Dana+Levi&destinationFrom=TLV' +
        '&destinationTo=LHR&pnrNumber=ABC123&flightNumber=315' +
        '&creationDate=2026-06-01..2026-06-30&ticketingDate=2026-06-02..2026-06-03' +
        '&departureDate=2026-07-01..2026-12-31&column=passengerName&direction=desc' +
        '&searchId=k3j9x2a1&page=3',
    );
    expect(readPnrSearch(params)).toEqual({ search, page: 3 });
  });

  it('should read Ticketed Yes as true and write true as Yes', () => {
    expect(read('isTicketed=Yes').search).toEqual({ isTicketed: true });
    expect(pnrSearchParams({ search: { isTicketed: true }, page: 1 }).toString()).toBe(
      'isTicketed=Yes',
    );
  });

  it('should leave page 1 and empty values out of the URL when writing', () => {
    expect(
      pnrSearchParams({ search: { airline: 'LY', searchId: undefined }, page: 1 }).toString(),
    ).toBe('airline=LY');
    expect(pnrSearchParams({ search: {}, page: 1 }).toString()).toBe('');
  });

  it('should read an empty query string as no filter, no sort and page 1', () => {
    expect(read('')).toEqual({ search: {}, page: 1 });
  });

  it('should read a range as its two days when it is written from..to', () => {
    expect(read('departureDate=2026-07-01..2026-07-09').search).toEqual({
      departureDate: { from: '2026-07-01', to: '2026-07-09' },
    });
  });

  it.each([
    ['a single day', 'creationDate=2026-06-01'],
    ['a missing end', 'creationDate=2026-06-01..'],
    ['ends in the wrong order', 'creationDate=2026-06-30..2026-06-01'],
    ['a day that does not exist', 'creationDate=2026-02-30..2026-03-01'],
    ['three parts', 'creationDate=2026-06-01..2026-06-02..2026-06-03'],
  ])('should drop a range when it has %s', (_case, query) => {
    expect(read(`${query}&airline=LY`).search).toEqual({ airline: 'LY' });
  });

  it('should drop each invalid value and keep the valid ones when the URL was edited by hand', () => {
    const { search, page } = read(
      'airline=L-&isTicketed=maybe&pnrNumber=abc123&flightNumber=12345&destinationFrom=tlv' +
        '&customerName=%3Bdrop&column=bogus&direction=asc&page=abc',
    );

    expect(search).toEqual({ pnrNumber: 'ABC123', destinationFrom: 'TLV' });
    expect(page).toBe(1);
  });

  it('should sort only when both column and direction are valid', () => {
    expect(read('column=status&direction=asc').search).toEqual({
      column: 'status',
      direction: 'asc',
    });
    expect(read('column=status').search).toEqual({});
    expect(read('direction=desc').search).toEqual({});
    expect(read('column=status&direction=up').search).toEqual({});
  });

  it.each([
    ['2', 2],
    ['1', 1],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['x', 1],
    ['99999999', 1],
  ])('should read page=%s as page %i', (value, page) => {
    expect(read(`page=${value}`).page).toBe(page);
  });

  it('should keep the filter and drop sort and id when taking the filter of a search', () => {
    expect(
      filterOfSearch({ airline: 'LY', column: 'status', direction: 'asc', searchId: 'abc' }),
    ).toEqual({ airline: 'LY' });
  });
});
