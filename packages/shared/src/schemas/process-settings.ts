import { z } from 'zod';
import { CreditReprices } from '../enums/credits';
import type { Process } from '../enums/notifications';

// The process settings pages (SPEC §2.11, §6): per branch, which processes the monitoring
// engine runs, how often it looks, and the reprice and ticketing thresholds. A branch without
// settings of its own follows the system default. Bodies are form-encoded, so numbers and
// flags arrive as text and are coerced here. Each process's own parameters (the engine's
// `params` of its row, decision 037, 038, 041, 042) are fields of the same form.

/**
 * The processes the engine runs a detector for, in the order the pages list them (named by
 * PROCESS_LABELS). CW has no detector (waitlist findings come from HL), so a switch for it
 * would change nothing.
 */
export const SETTINGS_PROCESSES = [
  'RP',
  'TD',
  'SC',
  'C',
  'HL',
  'ADM',
] as const satisfies readonly Process[];
export type SettingsProcess = (typeof SETTINGS_PROCESSES)[number];

/** The form fields of each process: whether it runs and every how many minutes. */
export const PROCESS_FIELDS = {
  RP: { enabled: 'rpEnabled', interval: 'rpIntervalMinutes' },
  TD: { enabled: 'tdEnabled', interval: 'tdIntervalMinutes' },
  SC: { enabled: 'scEnabled', interval: 'scIntervalMinutes' },
  C: { enabled: 'cEnabled', interval: 'cIntervalMinutes' },
  HL: { enabled: 'hlEnabled', interval: 'hlIntervalMinutes' },
  ADM: { enabled: 'admEnabled', interval: 'admIntervalMinutes' },
} as const satisfies Record<SettingsProcess, { enabled: string; interval: string }>;

/**
 * The parameters of each process, stored under the same names in its row's `params`, in the
 * order the form shows them under the process.
 */
export const PROCESS_PARAM_FIELDS = {
  RP: [
    'offerStricterFares',
    'reissueFee',
    'reissueFeeCurrency',
    'voidWindowHours',
    'creditReprices',
    'creditWarningDays',
  ],
  TD: ['lastCallHours'],
  SC: [
    'minorShiftMinutes',
    'minorShiftMinutesDomestic',
    'earlierShiftMinutes',
    'minConnectionMinutes',
    'connectionOverrides',
    'autoAcceptMinor',
    'escalateAfterHours',
  ],
  C: ['removeByHours'],
  HL: ['requestChaseHours'],
  ADM: ['minCancellations'],
} as const satisfies Record<SettingsProcess, readonly (keyof ProcessSettingsValues)[]>;
export type ProcessParamField = (typeof PROCESS_PARAM_FIELDS)[SettingsProcess][number];

/**
 * A process row's `params`: the parameters it keeps, as the form read them; a row made before
 * a parameter existed lacks it.
 */
export type ProcessParams = Partial<Pick<ProcessSettingsValues, ProcessParamField>>;

export const PROCESS_SETTINGS_LIMITS = {
  minIntervalMinutes: 5,
  maxIntervalMinutes: 24 * 60,
  minWindowHours: 1,
  maxWindowHours: 30 * 24,
  maxSavingAmount: 100_000,
  maxSavingPercent: 100,
  minMinorShiftMinutes: 1,
  maxMinorShiftMinutes: 24 * 60,
  minConnectionMinutes: 10,
  maxConnectionMinutes: 10 * 60,
  maxConnectionOverrides: 50,
  minRemoveByHours: 0,
  maxRemoveByHours: 7 * 24,
  minCancellations: 2,
  maxCancellations: 20,
  minLastCallHours: 1,
  maxLastCallHours: 72,
  minRequestChaseHours: 1,
  maxRequestChaseHours: 7 * 24,
  minEscalateAfterHours: 1,
  maxEscalateAfterHours: 7 * 24,
  maxReissueFee: 10_000,
  minVoidWindowHours: 0,
  maxVoidWindowHours: 72,
  minCreditWarningDays: 1,
  maxCreditWarningDays: 365,
} as const;

const L = PROCESS_SETTINGS_LIMITS;

export const processSettingsMessages = {
  interval: `Should be a whole number of minutes from ${L.minIntervalMinutes} to ${L.maxIntervalMinutes}`,
  windowHours: `Should be a whole number of hours from ${L.minWindowHours} to ${L.maxWindowHours}`,
  savingAmount: `Should be an amount from 0 to ${L.maxSavingAmount} with at most 2 decimals`,
  savingPercent: `Should be a percent from 0 to ${L.maxSavingPercent} with at most 2 decimals`,
  savingNeeded: 'While reprice is active, give a minimum saving amount, a percent, or both',
  minorShift: `Should be a whole number of minutes from ${L.minMinorShiftMinutes} to ${L.maxMinorShiftMinutes}`,
  minConnection: `Should be a whole number of minutes from ${L.minConnectionMinutes} to ${L.maxConnectionMinutes}`,
  connectionOverrides:
    "Should be a list like 'LHR 75 100, JFK 60': an airport's 3-letter code, then its domestic and international minutes, or one number for both",
  connectionOverrideMinutes: `Minutes by airport should be whole numbers from ${L.minConnectionMinutes} to ${L.maxConnectionMinutes}`,
  connectionOverrideTwice: 'Should name each airport once',
  connectionOverridesTooMany: `Should name at most ${L.maxConnectionOverrides} airports`,
  removeBy: `Should be a whole number of hours from ${L.minRemoveByHours} to ${L.maxRemoveByHours}`,
  cancellations: `Should be a whole number from ${L.minCancellations} to ${L.maxCancellations}`,
  lastCall: `Should be a whole number of hours from ${L.minLastCallHours} to ${L.maxLastCallHours}`,
  requestChase: `Should be a whole number of hours from ${L.minRequestChaseHours} to ${L.maxRequestChaseHours}`,
  escalateAfter: `Should be a whole number of hours from ${L.minEscalateAfterHours} to ${L.maxEscalateAfterHours}`,
  reissueFee: `Should be an amount from 0 to ${L.maxReissueFee} with at most 2 decimals`,
  feeCurrency: 'Should be a 3-letter currency code, like USD',
  voidWindow: `Should be a whole number of hours from ${L.minVoidWindowHours} to ${L.maxVoidWindowHours}`,
  creditReprices: 'Should be threshold, always or never',
  creditWarning: `Should be a whole number of days from ${L.minCreditWarningDays} to ${L.maxCreditWarningDays}`,
  lastCallOutsideWindow: 'The last call should come within the ticketing window',
  flag: 'Should be true or false',
  idInvalid: 'Should be a positive whole number',
  searchTooLong: 'Search text should be at most 100 characters',
  pageTooLarge: 'Limit should be from 1 to 100',
} as const;

/** Empty form fields mean 'not given'. */
const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const Id = z.coerce
  .number({ error: processSettingsMessages.idInvalid })
  .int(processSettingsMessages.idInvalid)
  .positive(processSettingsMessages.idInvalid)
  .max(Number.MAX_SAFE_INTEGER, processSettingsMessages.idInvalid);

const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    blankAsMissing,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/**
 * A parameter a caller may leave out: the branch then keeps the value it had. Given blank it
 * is refused (not read as 0), as a required field would be.
 */
const optionalWholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? Number.NaN : value),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

/** Cents are what the database keeps (numeric with scale 2). */
const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const optionalDecimal = (max: number, message: string) =>
  z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: message })
      .min(0, message)
      .max(max, message)
      .refine(hasCents, message)
      .optional(),
  );

/** A required switch: true/false from JSON or the text a form sends. */
const Switch = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])], {
    error: processSettingsMessages.flag,
  })
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

/**
 * A branch's own minimum connecting time at an airport, in minutes, for a domestic connection
 * and any other: it replaces the airport's published figure and the branch's minimum there
 * (docs/decisions/065's addendum).
 */
export const ConnectionOverride = z.object({
  airport: z.string().regex(/^[A-Z]{3}$/),
  domestic: z.number().int(),
  international: z.number().int(),
});
export type ConnectionOverride = z.infer<typeof ConnectionOverride>;

/** 'LHR 75 100, JFK 60': the list as the form shows it, one number where both are the same. */
export const connectionOverridesText = (overrides: readonly ConnectionOverride[]): string =>
  overrides
    .map(({ airport, domestic, international }) =>
      domestic === international
        ? `${airport} ${domestic}`
        : `${airport} ${domestic} ${international}`,
    )
    .join(', ');

const OVERRIDE_ENTRY = /^([A-Za-z]{3})\s+(\d+)(?:\s+(\d+))?$/;

/**
 * Reads 'LHR 75 100, JFK 60' (entries apart by commas or lines; the code upper-cased, one
 * number meaning both), or says what is wrong with it. Blank is no overrides.
 */
function readConnectionOverrides(text: string): ConnectionOverride[] | string {
  const entries = text
    .split(/[,\r\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length > L.maxConnectionOverrides)
    return processSettingsMessages.connectionOverridesTooMany;
  const overrides: ConnectionOverride[] = [];
  for (const entry of entries) {
    const match = OVERRIDE_ENTRY.exec(entry);
    if (!match) return processSettingsMessages.connectionOverrides;
    const [, code = '', first = '', second = first] = match;
    const [domestic, international] = [Number(first), Number(second)];
    const inRange = (minutes: number) =>
      minutes >= L.minConnectionMinutes && minutes <= L.maxConnectionMinutes;
    if (!inRange(domestic) || !inRange(international))
      return processSettingsMessages.connectionOverrideMinutes;
    const airport = code.toUpperCase();
    if (overrides.some((known) => known.airport === airport))
      return processSettingsMessages.connectionOverrideTwice;
    overrides.push({ airport, domestic, international });
  }
  return overrides;
}

/**
 * The overrides' one text field, or the list as the settings' list answers it (a JSON caller
 * may send back what it read); its parameter is kept as it was when a caller leaves it out.
 */
const ConnectionOverridesText = z
  .union(
    [
      z.string(),
      z.array(z.object({ airport: z.string(), domestic: z.number(), international: z.number() })),
    ],
    { error: processSettingsMessages.connectionOverrides },
  )
  .transform((value, ctx) => {
    const text = typeof value === 'string' ? value : connectionOverridesText(value);
    const read = readConnectionOverrides(text);
    if (typeof read !== 'string') return read;
    ctx.addIssue({ code: 'custom', message: read });
    return z.NEVER;
  });

const Interval = wholeNumber(
  L.minIntervalMinutes,
  L.maxIntervalMinutes,
  processSettingsMessages.interval,
);

const settingsShape = {
  rpEnabled: Switch,
  rpIntervalMinutes: Interval,
  tdEnabled: Switch,
  tdIntervalMinutes: Interval,
  scEnabled: Switch,
  scIntervalMinutes: Interval,
  cEnabled: Switch,
  cIntervalMinutes: Interval,
  hlEnabled: Switch,
  hlIntervalMinutes: Interval,
  admEnabled: Switch,
  admIntervalMinutes: Interval,
  minSavingAmount: optionalDecimal(L.maxSavingAmount, processSettingsMessages.savingAmount),
  minSavingPercent: optionalDecimal(L.maxSavingPercent, processSettingsMessages.savingPercent),
  ticketingWindowHours: wholeNumber(
    L.minWindowHours,
    L.maxWindowHours,
    processSettingsMessages.windowHours,
  ),
  // The processes' parameters are optional so that a caller that does not know them yet
  // leaves them as they were rather than failing; the form always sends them.
  offerStricterFares: Switch.optional(),
  lastCallHours: optionalWholeNumber(
    L.minLastCallHours,
    L.maxLastCallHours,
    processSettingsMessages.lastCall,
  ),
  minorShiftMinutes: optionalWholeNumber(
    L.minMinorShiftMinutes,
    L.maxMinorShiftMinutes,
    processSettingsMessages.minorShift,
  ),
  minorShiftMinutesDomestic: optionalWholeNumber(
    L.minMinorShiftMinutes,
    L.maxMinorShiftMinutes,
    processSettingsMessages.minorShift,
  ),
  earlierShiftMinutes: optionalWholeNumber(
    L.minMinorShiftMinutes,
    L.maxMinorShiftMinutes,
    processSettingsMessages.minorShift,
  ),
  minConnectionMinutes: optionalWholeNumber(
    L.minConnectionMinutes,
    L.maxConnectionMinutes,
    processSettingsMessages.minConnection,
  ),
  connectionOverrides: ConnectionOverridesText.optional(),
  autoAcceptMinor: Switch.optional(),
  escalateAfterHours: optionalWholeNumber(
    L.minEscalateAfterHours,
    L.maxEscalateAfterHours,
    processSettingsMessages.escalateAfter,
  ),
  removeByHours: optionalWholeNumber(
    L.minRemoveByHours,
    L.maxRemoveByHours,
    processSettingsMessages.removeBy,
  ),
  minCancellations: optionalWholeNumber(
    L.minCancellations,
    L.maxCancellations,
    processSettingsMessages.cancellations,
  ),
  requestChaseHours: optionalWholeNumber(
    L.minRequestChaseHours,
    L.maxRequestChaseHours,
    processSettingsMessages.requestChase,
  ),
  // The agency's own terms for a reissue and its credits (docs/decisions/068).
  reissueFee: optionalDecimal(L.maxReissueFee, processSettingsMessages.reissueFee),
  reissueFeeCurrency: z
    .string({ error: processSettingsMessages.feeCurrency })
    .trim()
    .regex(/^[A-Za-z]{3}$/, processSettingsMessages.feeCurrency)
    .transform((code) => code.toUpperCase())
    .optional(),
  voidWindowHours: optionalWholeNumber(
    L.minVoidWindowHours,
    L.maxVoidWindowHours,
    processSettingsMessages.voidWindow,
  ),
  creditReprices: z
    .enum(CreditReprices.options, { error: processSettingsMessages.creditReprices })
    .optional(),
  creditWarningDays: optionalWholeNumber(
    L.minCreditWarningDays,
    L.maxCreditWarningDays,
    processSettingsMessages.creditWarning,
  ),
};

type CheckedFields = {
  rpEnabled: boolean;
  minSavingAmount?: number | undefined;
  minSavingPercent?: number | undefined;
  ticketingWindowHours: number;
  lastCallHours?: number | undefined;
};

// A reprice for a saving of one cent is noise: while reprice runs it needs a threshold.
function checkSaving(settings: CheckedFields, ctx: z.RefinementCtx) {
  if (
    settings.rpEnabled &&
    settings.minSavingAmount === undefined &&
    settings.minSavingPercent === undefined
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['minSavingAmount'],
      message: processSettingsMessages.savingNeeded,
    });
  }
}

// A last call before the first 'issue tickets by' alert would leave that alert out. Past its
// own bounds the field has its message already.
function checkLastCall(settings: CheckedFields, ctx: z.RefinementCtx) {
  const { lastCallHours, ticketingWindowHours } = settings;
  if (
    lastCallHours !== undefined &&
    lastCallHours <= L.maxLastCallHours &&
    lastCallHours > ticketingWindowHours
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['lastCallHours'],
      message: processSettingsMessages.lastCallOutsideWindow,
    });
  }
}

function checkSettings(settings: CheckedFields, ctx: z.RefinementCtx) {
  checkSaving(settings, ctx);
  checkLastCall(settings, ctx);
}

/** A branch's (or the default's) settings as the form sends them. */
export const ProcessSettingsFields = z.object(settingsShape).superRefine(checkSettings);
export type ProcessSettingsFields = z.output<typeof ProcessSettingsFields>;

/** Gives a branch its own settings; 409 when it already has them. */
export const ProcessSettingsCreateBody = z
  .object({ branchId: Id, ...settingsShape })
  .superRefine(checkSettings);
/** Replaces a branch's settings, or the system default's when no branchId is given. */
export const ProcessSettingsUpdateBody = z
  .object({ branchId: z.preprocess(blankAsMissing, Id.optional()), ...settingsShape })
  .superRefine(checkSettings);
export type ProcessSettingsUpdateBody = z.output<typeof ProcessSettingsUpdateBody>;
/** Drops a branch's own settings: it follows the default again. */
export const ProcessSettingsDeleteBody = z.object({ branchId: Id });

const Search = z.preprocess(
  blankAsMissing,
  z.string().trim().max(100, processSettingsMessages.searchTooLong).optional(),
);

/** `name` searches the branch's name and PCC. */
export const ProcessSettingsCsvQuery = z.object({
  name: Search,
  agencyId: z.preprocess(blankAsMissing, Id.optional()),
  branchId: z.preprocess(blankAsMissing, Id.optional()),
});
export const ProcessSettingsListQuery = ProcessSettingsCsvQuery.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce
    .number()
    .int(processSettingsMessages.pageTooLarge)
    .min(1, processSettingsMessages.pageTooLarge)
    .max(100, processSettingsMessages.pageTooLarge)
    .default(20),
});
export type ProcessSettingsListQuery = z.infer<typeof ProcessSettingsListQuery>;

/** The settings the engine runs a branch with, as the lists show them. */
export const ProcessSettingsValues = z.object({
  rpEnabled: z.boolean(),
  rpIntervalMinutes: z.number().int(),
  tdEnabled: z.boolean(),
  tdIntervalMinutes: z.number().int(),
  scEnabled: z.boolean(),
  scIntervalMinutes: z.number().int(),
  cEnabled: z.boolean(),
  cIntervalMinutes: z.number().int(),
  hlEnabled: z.boolean(),
  hlIntervalMinutes: z.number().int(),
  admEnabled: z.boolean(),
  admIntervalMinutes: z.number().int(),
  minSavingAmount: z.number().nullable(),
  minSavingPercent: z.number().nullable(),
  ticketingWindowHours: z.number().int(),
  offerStricterFares: z.boolean(),
  lastCallHours: z.number().int(),
  minorShiftMinutes: z.number().int(),
  minorShiftMinutesDomestic: z.number().int(),
  earlierShiftMinutes: z.number().int(),
  minConnectionMinutes: z.number().int(),
  connectionOverrides: z.array(ConnectionOverride),
  autoAcceptMinor: z.boolean(),
  escalateAfterHours: z.number().int(),
  removeByHours: z.number().int(),
  minCancellations: z.number().int(),
  requestChaseHours: z.number().int(),
  reissueFee: z.number(),
  reissueFeeCurrency: z.string(),
  voidWindowHours: z.number().int(),
  creditReprices: CreditReprices,
  creditWarningDays: z.number().int(),
});
export type ProcessSettingsValues = z.infer<typeof ProcessSettingsValues>;

export const BranchProcessSettings = z.object({
  branchId: z.number().int(),
  branchName: z.string(),
  pcc: z.string(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  /** false: the branch follows the system default. */
  own: z.boolean(),
  settings: ProcessSettingsValues,
});
export type BranchProcessSettings = z.infer<typeof BranchProcessSettings>;

/** A page of branches with their effective settings, and the default they fall back to. */
export const ProcessSettingsPage = z.object({
  items: z.array(BranchProcessSettings),
  total: z.number().int(),
  defaults: ProcessSettingsValues,
});
export type ProcessSettingsPage = z.infer<typeof ProcessSettingsPage>;
