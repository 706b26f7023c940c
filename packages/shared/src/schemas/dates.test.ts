import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { EARLIEST_DAY, LATEST_DAY } from '../constants';
import { validationMessages as messages } from '../messages';
import { DashboardQuery } from './dashboard';
import { Day, OptionalDay } from './dates';
import { NotificationCsvRequest, NotificationListRequest } from './notifications';
import { PnrFilter } from './pnrs';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.message);

describe('Day', () => {
  it.each([EARLIEST_DAY, LATEST_DAY, '2024-02-29', '2026-11-24'])(
    'should take %s when it is a real day in the window',
    (day) => {
      expect(Day.parse(day)).toBe(day);
    },
  );

  it.each(['0000-01-01', '0001-01-01', '1899-12-31', '1999-12-31', '2100-01-01', '9999-12-31'])(
    'should refuse %s with the window in the product date format when it is outside the window',
    (day) => {
      expect(messagesOf(Day.safeParse(day))).toEqual([
        'The date must be between 01/01/2000 and 31/12/2099',
      ]);
    },
  );

  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-04-31', '2026-00-10'])(
    'should refuse %s as not a real date when no calendar has it',
    (day) => {
      expect(messagesOf(Day.safeParse(day))).toEqual([messages.dateNotReal]);
    },
  );

  it.each<unknown>(['22/11/2026', '2026-1-5', '20260105', '2026-01-05T00:00:00Z', '', 20260105])(
    'should refuse %j with the form it takes when it is not yyyy-MM-dd',
    (value) => {
      expect(messagesOf(Day.safeParse(value))).toEqual([messages.dateFormat]);
    },
  );

  it('should treat an empty day as no day when the day is optional', () => {
    expect(OptionalDay.parse('')).toBeUndefined();
    expect(OptionalDay.parse(null)).toBeUndefined();
    expect(messagesOf(OptionalDay.safeParse('9999-12-31'))).toEqual([messages.dateOutsideWindow]);
  });

  it('should read as a date when written as JSON schema for the OpenAPI document', () => {
    expect(z.toJSONSchema(Day)).toMatchObject({ type: 'string', format: 'date' });
  });
});

describe('the window in every dated schema', () => {
  const refusal = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
  const outside = messages.dateOutsideWindow;

  it.each([
    ['the notification list', NotificationListRequest, { dateTo: '9999-12-31' }, 'dateTo'],
    ['the notification CSV', NotificationCsvRequest, { dateFrom: '0000-01-01' }, 'dateFrom'],
    ['the dashboard', DashboardQuery, { from: '1899-12-31', to: '2026-01-01' }, 'from'],
    [
      'the dashboard notification range',
      DashboardQuery,
      { notificationDateFrom: '2026-01-01', notificationDateTo: '2200-01-01' },
      'notificationDateTo',
    ],
    [
      'the PNR filter',
      PnrFilter,
      { departureDate: { from: '2026-01-01', to: '9999-12-31' } },
      'departureDate.to',
    ],
  ] as const)(
    'should refuse a day outside the window when %s takes it',
    (_name, schema, input, field) => {
      expect(refusal(schema.safeParse(input))).toEqual({ [field]: outside });
    },
  );

  it.each([NotificationListRequest, NotificationCsvRequest])(
    'should refuse a notification range when its end comes before its start',
    (schema) => {
      expect(refusal(schema.safeParse({ dateFrom: '2026-03-02', dateTo: '2026-03-01' }))).toEqual({
        dateTo: messages.dateRangeOrder,
      });
      expect(schema.safeParse({ dateFrom: '2026-03-01', dateTo: '2026-03-01' }).success).toBe(true);
    },
  );
});
