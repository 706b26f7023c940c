import { PANEL_GROUPS, sumPerCurrency, type HomeData, type OrganisationLevel } from '@smt/shared';
import type { Db } from '@/db/client';
import { audienceOf, type Caller } from '@/modules/notifications/notification-list.audience';
import { tallyPending, type PendingTally } from './home.repository';

/** Whose home data: the caller's own (personal), or their scope at one level of the filter. */
export type HomeFilter = { personal: true } | { type: OrganisationLevel; id: number[] };

const filterOf = (filter: HomeFilter) => {
  if ('personal' in filter) {
    return { fetchType: 'personal' as const, agencyIds: [], branchIds: [], agentIds: [] };
  }
  return {
    fetchType: 'all' as const,
    agencyIds: filter.type === 'Agency' ? filter.id : [],
    branchIds: filter.type === 'Branch' ? filter.id : [],
    agentIds: filter.type === 'Agent' ? filter.id : [],
  };
};

/**
 * The most common currency of the pending reprices, whatever their kind (a currency's cash and
 * credit tallies counted together), ties by name; null when there are none.
 */
function repriceCurrency(tallies: PendingTally[]): string | null {
  const counts = new Map<string, number>();
  for (const { group, currency, pending } of tallies) {
    if (group === 'REPRICE' && currency !== null) {
      counts.set(currency, (counts.get(currency) ?? 0) + pending);
    }
  }
  const [top] = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return top?.[0] ?? null;
}

/**
 * Home (SPEC §2.3): per panel group, unread pending (new), pending, and for reprices the
 * potential saving. Savings in different currencies or of different kinds (cash, airline
 * credit) do not add up: `amounts` has each currency and kind's sum, which home shows
 * (docs/decisions/036, 067); SPEC §3's `amount` and `currency` are kept for older readers, the
 * cash of the currency of most pending reprices.
 */
export function createHome(deps: { db: Db }) {
  const { db } = deps;

  return {
    async data(caller: Caller, filter: HomeFilter): Promise<HomeData> {
      const audience = await audienceOf(db, caller, filterOf(filter));
      const tallies = audience ? await tallyPending(db, audience) : [];
      const currency = repriceCurrency(tallies);
      return {
        byGroup: PANEL_GROUPS.map((group) => {
          const own = tallies.filter((tally) => tally.group === group);
          const amount =
            group === 'REPRICE'
              ? own
                  .filter((t) => t.currency === currency && (t.kind ?? 'cash') === 'cash')
                  .reduce((sum, t) => sum + t.saving, 0)
              : 0;
          return {
            group,
            new: own.reduce((sum, t) => sum + t.unread, 0),
            pending: own.reduce((sum, t) => sum + t.pending, 0),
            amount: Math.round(amount * 100) / 100,
            amounts:
              group === 'REPRICE'
                ? sumPerCurrency(
                    own.map((t) => ({ currency: t.currency, kind: t.kind, amount: t.saving })),
                  )
                : [],
          };
        }),
        currency,
      };
    },
  };
}
