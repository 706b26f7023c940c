import * as z from 'zod/mini';
import type { MoneyKind } from '../enums/credits';
import type { OrganisationLevel } from '../enums/organisation';
import { PANEL_GROUPS } from '../enums/panel-groups';

// Home's figures (SPEC §2.3, §7.3). zod/mini: the SPA starts asking for them with the page, in
// parallel with the user's details, so their check is part of its first script.

// OrganisationLevel's and IdList's rules again in zod/mini: theirs would put the full zod in
// the first script. The web's call with an OrganisationLevel checks no level is missing.
const LEVELS = ['Agency', 'Branch', 'Agent'] as const satisfies readonly OrganisationLevel[];
const KINDS = ['cash', 'credit'] as const satisfies readonly MoneyKind[];

/** A list in a query: repeated keys, one value, or comma-separated, as IdList reads it. */
const listOfText = (value: unknown): unknown[] => {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value as unknown[];
  return typeof value === 'string' ? value.split(',').filter((part) => part !== '') : [value];
};
const Id = z.coerce.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

/** Query of admin/stats/allNotifications: the scope type of SPEC §4 and its ids. */
export const AllStatsQuery = z.object({
  type: z.enum(LEVELS),
  id: z._default(z.pipe(z.transform(listOfText), z.array(Id).check(z.maxLength(500))), []),
});

/**
 * Per group, unread pending (new), pending, and the pending saving (reprice only). The saving
 * is in `amounts`, one entry per currency AND kind of money (cash or airline credit,
 * docs/decisions/033, 067), in currency order and cash before credit, never added up. SPEC's
 * `amount` is kept for older readers: the cash of the answer's `currency` alone.
 */
export const HomeGroupCounts = z.object({
  group: z.enum(PANEL_GROUPS),
  new: z.int().check(z.minimum(0)),
  pending: z.int().check(z.minimum(0)),
  amount: z.number().check(z.minimum(0)),
  amounts: z.array(
    z.object({
      currency: z.string(),
      kind: z.enum(KINDS),
      amount: z.number().check(z.minimum(0)),
    }),
  ),
});
export type HomeGroupCounts = z.infer<typeof HomeGroupCounts>;

export const HomeData = z.object({
  byGroup: z.array(HomeGroupCounts),
  /** The currency of `amount`, that of most pending reprices; null when there are none. */
  currency: z.nullable(z.string()),
});
export type HomeData = z.infer<typeof HomeData>;
