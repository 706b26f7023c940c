import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { CreditSource, CreditState } from '../enums/credits';
import { validationMessages as messages } from '../messages';
import { Day, OptionalDay } from './dates';

// The credits ledger's calls (issue 36 point 4; contracts: calls/credit-calls.ts): the Credits
// page's list, its CSV file, a credit an agent enters on a booking, and marking one used or
// open again. Amounts travel as integer cents with their currency, so no sum is ever rounded
// and no figure mixes currencies; the form takes an amount as the agent writes it.

export const MAX_CREDIT_PAGE = 100;
export const CREDIT_PAGE_SIZE = PAGE_SIZE;

export const creditMessages = {
  passengerName: 'Should be the name as the PNR has it: LAST/FIRST',
  amount: 'Should be an amount above 0 with at most 2 decimals',
  amountTooLarge: 'Should be at most 1,000,000',
  currency: 'Should be a currency code of three letters',
  expiresOnRequired: 'The expiry date is required',
  reference: 'Should be at most 40 letters, digits, spaces or - / .',
  state: "Should be 'open' or 'used'",
  stateFilter: "Should be 'open', 'used' or 'expired'",
  pageTooLarge: `Limit should be from 1 to ${MAX_CREDIT_PAGE}`,
} as const;

const emptyAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

const trimmed = (transform?: (value: string) => string) => (value: unknown) => {
  if (typeof value !== 'string') return emptyAsMissing(value);
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return transform ? transform(trimmed) : trimmed;
};

/** A text a form sends: trimmed, and it must match. */
const text = (pattern: RegExp, message: string, transform?: (value: string) => string) =>
  z.preprocess(trimmed(transform), z.string(message).regex(pattern, message));

/** The same, where empty means not given. */
const optionalText = (pattern: RegExp, message: string, transform?: (value: string) => string) =>
  z.preprocess(trimmed(transform), z.string(message).regex(pattern, message).optional());

const upper = (value: string) => value.toUpperCase();

const AIRLINE = /^[A-Z0-9]{2}$/;
const Airline = text(AIRLINE, messages.twoAlphanumeric, upper);
const Locator = text(/^[A-Z0-9]{5,10}$/, messages.pnrNumber, upper);
const Currency = text(/^[A-Z]{3}$/, creditMessages.currency, upper);
/** 'LAST/FIRST' as a PNR spells it; 'Cohen/Dana mrs' is taken as 'COHEN/DANA MRS'. */
const PassengerName = text(
  /^[A-Z][A-Z' -]{0,49}\/[A-Z][A-Z' -]{0,49}$/,
  creditMessages.passengerName,
  (name) => upper(name).replace(/\s*\/\s*/, '/'),
);

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * An amount as the agent writes it ('120', '120.5', '120.50'), in cents: a positive amount with
 * at most two decimals, never through a float.
 */
export const CreditAmount = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : emptyAsMissing(value)),
  z
    .string(creditMessages.amount)
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, creditMessages.amount)
    .transform((amount) => {
      const [whole = '0', fraction = ''] = amount.split('.');
      return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    })
    .refine((cents) => cents > 0, creditMessages.amount)
    .refine((cents) => cents <= 100_000_000, creditMessages.amountTooLarge),
);

// ---- the list and its CSV ------------------------------------------------------------------

/** The Credits page's filters, each optional; either end of the expiry range may be left out. */
const CreditFilterFields = z.object({
  state: z.preprocess(
    emptyAsMissing,
    z.enum(CreditState.options, creditMessages.stateFilter).optional(),
  ),
  airline: optionalText(AIRLINE, messages.twoAlphanumeric, upper),
  /** Part of the passenger's name, as 'COHEN' or 'COHEN/DA'. */
  passenger: optionalText(/^[\p{L}\p{N} ./_-]{2,100}$/u, messages.customerName, upper),
  /** Credits whose last day is on or after this day... */
  expiresFrom: OptionalDay,
  /** ...and on or before this one. */
  expiresTo: OptionalDay,
});

function checkExpiryOrder(
  filter: { expiresFrom?: string | undefined; expiresTo?: string | undefined },
  context: z.core.$RefinementCtx<{ expiresFrom?: string; expiresTo?: string }>,
) {
  if (filter.expiresFrom && filter.expiresTo && filter.expiresFrom > filter.expiresTo) {
    context.addIssue({ code: 'custom', path: ['expiresTo'], message: messages.dateRangeOrder });
  }
}

/** The filter; GET xapi/credits/csv's query too: every credit it finds, soonest expiry first. */
export const CreditFilter = CreditFilterFields.superRefine(checkExpiryOrder);
export type CreditFilter = z.output<typeof CreditFilter>;
export type CreditFilterInput = z.input<typeof CreditFilter>;

/** GET xapi/credits: a page of the filter's credits, soonest to expire first. */
export const CreditListQuery = CreditFilterFields.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce
    .number()
    .int(creditMessages.pageTooLarge)
    .min(1, creditMessages.pageTooLarge)
    .max(MAX_CREDIT_PAGE, creditMessages.pageTooLarge)
    .default(CREDIT_PAGE_SIZE),
}).superRefine(checkExpiryOrder);
export type CreditListQuery = z.input<typeof CreditListQuery>;

/** A credit as the Credits page lists it. */
export const CreditItem = z.object({
  id: z.number().int(),
  /** 'LAST/FIRST' */
  passengerName: z.string(),
  airline: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** 'yyyy-MM-dd', the last day it can be used; null where the airline gave none. */
  expiresOn: z.string().nullable(),
  state: CreditState,
  source: CreditSource,
  /** The locator of the booking it came from. */
  pnrNumber: z.string(),
  /** The agent whose booking it is: what a manager's list needs to tell rows apart. */
  agentName: z.string(),
  reference: z.string().nullable(),
  /** ISO instants. */
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type CreditItem = z.infer<typeof CreditItem>;

export const CreditPage = z.object({
  items: z.array(CreditItem),
  /** Credits the filter finds, for the pager. */
  total: z.number().int().min(0),
});
export type CreditPage = z.infer<typeof CreditPage>;

// ---- changes -------------------------------------------------------------------------------

/** POST xapi/credits: a credit the agent holds for a passenger of one of their bookings. */
export const CreditCreateBody = z.object({
  pnrNumber: Locator,
  passengerName: PassengerName,
  airline: Airline,
  amount: CreditAmount,
  currency: Currency,
  expiresOn: z.preprocess(emptyAsMissing, z.string(creditMessages.expiresOnRequired).pipe(Day)),
  reference: optionalText(/^[A-Za-z0-9 ./-]{1,40}$/, creditMessages.reference),
});
export type CreditCreateBody = z.input<typeof CreditCreateBody>;
export type CreditCreate = z.output<typeof CreditCreateBody>;

export const CreditIdParams = z.object({ id: Id });

/** POST xapi/credits/:id/state: used for a ticket, or open again when marked used by mistake. */
export const CreditStateBody = z.object({
  state: z.enum(['open', 'used'], creditMessages.state),
});
export type CreditStateBody = z.input<typeof CreditStateBody>;

// ---- 'credit available' on a booking --------------------------------------------------------

/**
 * An open credit of the agency for a passenger of a booking on an airline it flies: what its
 * card and its PNR details show as 'Credit available'. Snake case, as the answers it rides on.
 */
export const CreditAvailable = z.object({
  airline: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  /** 'LAST/FIRST' of the passenger who holds it. */
  passenger_name: z.string(),
  expires_on: z.string().nullable(),
});
export type CreditAvailable = z.infer<typeof CreditAvailable>;

/** Amounts are shown with 2 decimals (SPEC §9): 123450 USD → '1,234.50 USD'. */
const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
export const creditAmountText = (amountCents: number, currency: string) =>
  `${(amountCents / 100).toLocaleString('en', TWO_DECIMALS)} ${currency}`;

/** What a booking's card and PNR details say of one open credit. */
export const creditAvailableText = (credit: CreditAvailable) => {
  const amount = creditAmountText(credit.amount_cents, credit.currency);
  return `Credit available: ${amount} with ${credit.airline}`;
};
