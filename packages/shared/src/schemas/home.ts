import * as z from 'zod/mini';
import { PANEL_GROUPS } from '../enums/panel-groups';

// Home's figures (SPEC §2.3, §7.3). zod/mini: the SPA starts asking for them with the page, in
// parallel with the user's details, so their check is part of its first script.

/** Home's calls of SPEC §7.3, also listed with the other notification calls. */
export const HOME_CALLS = {
  userStats: 'admin/stats/userNotifications',
  allStats: 'admin/stats/allNotifications',
} as const;

/** Per group, unread pending (new), pending, and the pending saving (reprice only). */
export const HomeGroupCounts = z.object({
  group: z.enum(PANEL_GROUPS),
  new: z.int().check(z.minimum(0)),
  pending: z.int().check(z.minimum(0)),
  amount: z.number().check(z.minimum(0)),
  /** The pending saving per currency (docs/decisions/033); `amount` is `currency`'s alone. */
  amounts: z.array(z.object({ currency: z.string(), amount: z.number().check(z.minimum(0)) })),
});
export type HomeGroupCounts = z.infer<typeof HomeGroupCounts>;

export const HomeData = z.object({
  byGroup: z.array(HomeGroupCounts),
  /** The currency of the amounts; null when there is no amount to show. */
  currency: z.nullable(z.string()),
});
export type HomeData = z.infer<typeof HomeData>;
