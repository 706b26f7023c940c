import { z } from 'zod';

/**
 * The kind of money a saving is (docs/decisions/067): paid back or not paid (cash), or value
 * kept with the airline for a later ticket (credit). The two are never added together.
 */
export const MoneyKind = z.enum(['cash', 'credit']);
export type MoneyKind = z.infer<typeof MoneyKind>;

/**
 * Where a ledger credit came from (docs/decisions/068): a reprice whose difference the airline
 * kept, a cancellation refunded as credit, a provider's own record of airline credits, or an
 * agent's entry.
 */
export const CreditSource = z.enum(['reprice', 'cancellation', 'provider', 'agent']);
export type CreditSource = z.infer<typeof CreditSource>;

/**
 * A branch's choice about reprices that save only airline credit (docs/decisions/068): raised
 * when the credit meets the branch's minimums, as cash does; raised whatever the amount; or
 * not raised at all.
 */
export const CreditReprices = z.enum(['threshold', 'always', 'never']);
export type CreditReprices = z.infer<typeof CreditReprices>;

/** Open until used for a ticket or past its last day. */
export const CreditState = z.enum(['open', 'used', 'expired']);
export type CreditState = z.infer<typeof CreditState>;
