import { describe, expect, it } from 'vitest';
import {
  ProcessSettingsCreateBody,
  ProcessSettingsFields,
  ProcessSettingsUpdateBody,
  PROCESS_PARAM_FIELDS,
  ProcessSettingsValues,
  SETTINGS_PROCESSES,
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

const PARAMS = {
  offerStricterFares: 'true',
  lastCallHours: '6',
  minorShiftMinutes: '120',
  minorShiftMinutesDomestic: '60',
  earlierShiftMinutes: '60',
  minConnectionMinutes: '60',
  autoAcceptMinor: 'false',
  escalateAfterHours: '24',
  removeByHours: '24',
  minCancellations: '3',
  requestChaseHours: '24',
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

describe("the processes' parameters", () => {
  it('should read them as numbers and flags when given', () => {
    expect(
      ProcessSettingsFields.parse({
        ...FORM,
        ...PARAMS,
        offerStricterFares: 'off',
        autoAcceptMinor: 'on',
      }),
    ).toMatchObject({
      offerStricterFares: false,
      lastCallHours: 6,
      minorShiftMinutes: 120,
      minorShiftMinutesDomestic: 60,
      earlierShiftMinutes: 60,
      minConnectionMinutes: 60,
      autoAcceptMinor: true,
      escalateAfterHours: 24,
      removeByHours: 24,
      minCancellations: 3,
      requestChaseHours: 24,
    });
  });

  it('should leave them out when a caller does not send them', () => {
    const parsed: Record<string, unknown> = ProcessSettingsFields.parse(FORM);
    for (const field of Object.keys(PARAMS)) expect(parsed[field], field).toBeUndefined();
  });

  const bounds = [
    ['minorShiftMinutes', '1', '1440', ['0', '1441'], processSettingsMessages.minorShift],
    ['minorShiftMinutesDomestic', '1', '1440', ['0', '1441'], processSettingsMessages.minorShift],
    ['earlierShiftMinutes', '1', '1440', ['0', '1441'], processSettingsMessages.minorShift],
    ['minConnectionMinutes', '10', '600', ['9', '601'], processSettingsMessages.minConnection],
    ['escalateAfterHours', '1', '168', ['0', '169'], processSettingsMessages.escalateAfter],
    ['removeByHours', '0', '168', ['-1', '169'], processSettingsMessages.removeBy],
    ['minCancellations', '2', '20', ['1', '21'], processSettingsMessages.cancellations],
    ['lastCallHours', '1', '72', ['0', '73'], processSettingsMessages.lastCall],
    ['requestChaseHours', '1', '168', ['0', '169'], processSettingsMessages.requestChase],
  ] as const;

  it.each(bounds)(
    'should take %s from %s to %s and refuse past either end',
    (field, low, high, outside, message) => {
      for (const good of [low, high]) {
        expect(
          ProcessSettingsFields.safeParse({ ...FORM, ...PARAMS, [field]: good }).success,
          good,
        ).toBe(true);
      }
      // Blank is refused, not read as 0 or as 'leave it as it was'.
      for (const bad of [...outside, '2.5', 'x', '', ' ']) {
        expect(
          errorsOf(ProcessSettingsFields.safeParse({ ...FORM, ...PARAMS, [field]: bad })),
          bad,
        ).toEqual({ [field]: message });
      }
    },
  );

  it('should refuse a flag that is not true or false', () => {
    for (const field of ['offerStricterFares', 'autoAcceptMinor']) {
      expect(errorsOf(ProcessSettingsFields.safeParse({ ...FORM, [field]: 'maybe' }))).toEqual({
        [field]: processSettingsMessages.flag,
      });
    }
  });

  it('should want the last call within the ticketing window when both are given', () => {
    const late = { ...FORM, ticketingWindowHours: '12', lastCallHours: '13' };
    expect(errorsOf(ProcessSettingsUpdateBody.safeParse(late))).toEqual({
      lastCallHours: processSettingsMessages.lastCallOutsideWindow,
    });
    expect(ProcessSettingsFields.safeParse({ ...late, lastCallHours: '12' }).success).toBe(true);
  });

  it('should name every parameter once, under one process, as a field of the values', () => {
    const fields = SETTINGS_PROCESSES.flatMap((process) => PROCESS_PARAM_FIELDS[process]);
    expect(fields.toSorted()).toEqual(Object.keys(PARAMS).toSorted());
    for (const field of fields) expect(ProcessSettingsValues.shape).toHaveProperty(field);
  });
});
