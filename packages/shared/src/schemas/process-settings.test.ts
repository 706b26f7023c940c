import { describe, expect, it } from 'vitest';
import {
  ProcessSettingsCreateBody,
  ProcessSettingsFields,
  ProcessSettingsUpdateBody,
  processSettingsMessages,
} from './process-settings';

const FORM = {
  rpEnabled: 'true',
  rpIntervalMinutes: '480',
  tdEnabled: 'true',
  tdIntervalMinutes: '60',
  scEnabled: 'on',
  scIntervalMinutes: '30',
  cEnabled: '1',
  cIntervalMinutes: '30',
  hlEnabled: 'false',
  hlIntervalMinutes: '30',
  admEnabled: false,
  admIntervalMinutes: 30,
  minSavingAmount: '10',
  minSavingPercent: '',
  ticketingWindowHours: '72',
};

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );

describe('ProcessSettingsFields', () => {
  it('should read form text as numbers and flags, and a blank threshold as none', () => {
    const parsed = ProcessSettingsFields.parse(FORM);
    expect(parsed).toMatchObject({
      rpEnabled: true,
      scEnabled: true,
      cEnabled: true,
      hlEnabled: false,
      admEnabled: false,
      admIntervalMinutes: 30,
      minSavingAmount: 10,
      minSavingPercent: undefined,
      ticketingWindowHours: 72,
    });
  });

  it('should refuse cadences outside 5 to 1440 whole minutes', () => {
    for (const bad of ['4', '1441', '7.5', 'x', '']) {
      expect(
        errorsOf(ProcessSettingsFields.safeParse({ ...FORM, tdIntervalMinutes: bad })),
      ).toEqual({
        tdIntervalMinutes: processSettingsMessages.interval,
      });
    }
    expect(ProcessSettingsFields.safeParse({ ...FORM, tdIntervalMinutes: '5' }).success).toBe(true);
    expect(ProcessSettingsFields.safeParse({ ...FORM, tdIntervalMinutes: '1440' }).success).toBe(
      true,
    );
  });

  it('should refuse a ticketing window outside 1 to 720 hours', () => {
    for (const bad of ['0', '721', '1.5']) {
      expect(
        errorsOf(ProcessSettingsFields.safeParse({ ...FORM, ticketingWindowHours: bad })),
      ).toEqual({ ticketingWindowHours: processSettingsMessages.windowHours });
    }
  });

  it('should keep savings to cents, the amount to 100000 and the percent to 100', () => {
    expect(
      errorsOf(
        ProcessSettingsFields.safeParse({
          ...FORM,
          minSavingAmount: '0.001',
          minSavingPercent: '-1',
        }),
      ),
    ).toEqual({
      minSavingAmount: processSettingsMessages.savingAmount,
      minSavingPercent: processSettingsMessages.savingPercent,
    });
    expect(
      ProcessSettingsFields.parse({ ...FORM, minSavingAmount: '0.29', minSavingPercent: '99.99' }),
    ).toMatchObject({ minSavingAmount: 0.29, minSavingPercent: 99.99 });
  });

  it('should want a minimum saving while reprice is active, and none when it is off', () => {
    const none = { ...FORM, minSavingAmount: '', minSavingPercent: '' };
    expect(errorsOf(ProcessSettingsFields.safeParse(none))).toEqual({
      minSavingAmount: processSettingsMessages.savingNeeded,
    });
    expect(ProcessSettingsFields.safeParse({ ...none, rpEnabled: 'false' }).success).toBe(true);
    expect(ProcessSettingsFields.safeParse({ ...none, minSavingPercent: '2' }).success).toBe(true);
  });

  it('should need a branch to add settings, and read no branch on an edit as the default', () => {
    expect(errorsOf(ProcessSettingsCreateBody.safeParse({ ...FORM, branchId: '' }))).toEqual({
      branchId: processSettingsMessages.idInvalid,
    });
    expect(ProcessSettingsUpdateBody.parse({ ...FORM, branchId: '' }).branchId).toBeUndefined();
    expect(ProcessSettingsUpdateBody.parse({ ...FORM, branchId: '7' }).branchId).toBe(7);
  });
});
