import { describe, expect, it } from 'vitest';
import {
  connectionOverridesText,
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
  connectionOverrides: 'LHR 75 100',
  autoAcceptMinor: 'false',
  escalateAfterHours: '24',
  removeByHours: '24',
  minCancellations: '3',
  requestChaseHours: '24',
  reissueFee: '25.50',
  reissueFeeCurrency: 'eur',
  voidWindowHours: '24',
  creditReprices: 'threshold',
  creditWarningDays: '30',
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
      connectionOverrides: [{ airport: 'LHR', domestic: 75, international: 100 }],
      autoAcceptMinor: true,
      escalateAfterHours: 24,
      removeByHours: 24,
      minCancellations: 3,
      requestChaseHours: 24,
      reissueFee: 25.5,
      reissueFeeCurrency: 'EUR',
      voidWindowHours: 24,
      creditReprices: 'threshold',
      creditWarningDays: 30,
    });
  });

  it('should refuse a fee with more than cents, a currency that is not a code and an unknown choice', () => {
    expect(
      errorsOf(
        ProcessSettingsFields.safeParse({
          ...FORM,
          ...PARAMS,
          reissueFee: '10.005',
          reissueFeeCurrency: 'US',
          creditReprices: 'sometimes',
        }),
      ),
    ).toEqual({
      reissueFee: processSettingsMessages.reissueFee,
      reissueFeeCurrency: processSettingsMessages.feeCurrency,
      creditReprices: processSettingsMessages.creditReprices,
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
    ['voidWindowHours', '0', '72', ['-1', '73'], processSettingsMessages.voidWindow],
    ['creditWarningDays', '1', '365', ['0', '366'], processSettingsMessages.creditWarning],
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

  describe('minimum connecting times by airport (docs/decisions/065)', () => {
    const overridesOf = (text: unknown) =>
      ProcessSettingsFields.parse({ ...FORM, connectionOverrides: text }).connectionOverrides;
    const errorOf = (text: unknown) =>
      errorsOf(ProcessSettingsFields.safeParse({ ...FORM, connectionOverrides: text }));

    it('should read airports with their domestic and international minutes, codes upper-cased', () => {
      expect(overridesOf(' lhr 75 100,JFK  45   120 ')).toEqual([
        { airport: 'LHR', domestic: 75, international: 100 },
        { airport: 'JFK', domestic: 45, international: 120 },
      ]);
    });

    it('should read one number as both, and lines as commas', () => {
      expect(overridesOf('JFK 60\r\nfra 45 60\n\n, CDG 10,')).toEqual([
        { airport: 'JFK', domestic: 60, international: 60 },
        { airport: 'FRA', domestic: 45, international: 60 },
        { airport: 'CDG', domestic: 10, international: 10 },
      ]);
    });

    it('should read blank as none, and leave the list as it was when not sent', () => {
      expect(overridesOf('')).toEqual([]);
      expect(overridesOf('  , \n')).toEqual([]);
      expect(ProcessSettingsFields.parse(FORM).connectionOverrides).toBeUndefined();
    });

    it('should take minutes from 10 to 600 and refuse past either end', () => {
      expect(overridesOf('LHR 10 600')).toEqual([
        { airport: 'LHR', domestic: 10, international: 600 },
      ]);
      for (const bad of ['LHR 9', 'LHR 601', 'LHR 60 9', 'LHR 601 60', 'LHR 0 0']) {
        expect(errorOf(bad), bad).toEqual({
          connectionOverrides: processSettingsMessages.connectionOverrideMinutes,
        });
      }
    });

    it('should refuse what is not a list of airports and minutes', () => {
      for (const bad of [
        'LHR',
        'LHR 75 100 120',
        'LHR 75 100 JFK 60',
        'LHR 75.5',
        'LHR -60',
        'LHRX 60',
        'LH 60',
        'L1R 60',
        '60 LHR',
        'LHR 60; JFK 60',
        'LHR sixty',
      ]) {
        expect(errorOf(bad), bad).toEqual({
          connectionOverrides: processSettingsMessages.connectionOverrides,
        });
      }
      for (const bad of [60, true, ['LHR 60', 'JFK 60'], null]) {
        expect(errorOf(bad), String(bad)).toEqual({
          connectionOverrides: processSettingsMessages.connectionOverrides,
        });
      }
    });

    it('should take back the list as the settings list answers it, and check it as the text', () => {
      const read = [
        { airport: 'LHR', domestic: 75, international: 100 },
        { airport: 'jfk', domestic: 60, international: 60 },
      ];

      expect(overridesOf(read)).toEqual([
        { airport: 'LHR', domestic: 75, international: 100 },
        { airport: 'JFK', domestic: 60, international: 60 },
      ]);
      expect(overridesOf([])).toEqual([]);
      expect(errorOf([{ airport: 'LHR', domestic: 5, international: 100 }])).toEqual({
        connectionOverrides: processSettingsMessages.connectionOverrideMinutes,
      });
      expect(errorOf([{ airport: 'LHR', domestic: '75' }])).toEqual({
        connectionOverrides: processSettingsMessages.connectionOverrides,
      });
    });

    it('should refuse an airport named twice, whatever its case', () => {
      expect(errorOf('LHR 60, JFK 90, lhr 75')).toEqual({
        connectionOverrides: processSettingsMessages.connectionOverrideTwice,
      });
    });

    it('should take 50 airports and refuse 51', () => {
      const codes = Array.from(
        { length: 51 },
        (_, i) =>
          `A${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`,
      );
      const list = (count: number) =>
        codes
          .slice(0, count)
          .map((code) => `${code} 60`)
          .join(', ');
      expect(overridesOf(list(50))).toHaveLength(50);
      expect(errorOf(list(51))).toEqual({
        connectionOverrides: processSettingsMessages.connectionOverridesTooMany,
      });
    });

    it('should write the list back as the text it reads', () => {
      const text = 'LHR 75 100, JFK 60';
      expect(connectionOverridesText(overridesOf(text) ?? [])).toBe(text);
      expect(connectionOverridesText([])).toBe('');
    });
  });

  it('should name every parameter once, under one process, as a field of the values', () => {
    const fields = SETTINGS_PROCESSES.flatMap((process) => PROCESS_PARAM_FIELDS[process]);
    expect(fields.toSorted()).toEqual(Object.keys(PARAMS).toSorted());
    for (const field of fields) expect(ProcessSettingsValues.shape).toHaveProperty(field);
  });
});
