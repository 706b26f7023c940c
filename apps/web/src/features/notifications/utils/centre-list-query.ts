import type { FetchType, ListGroup, NotificationSort, NotificationSubtype } from '@smt/shared';

/** Whose notifications a centre list or counter reads (the NotificationFilter, with real types). */
export type CentreListFilter = {
  fetchType: FetchType;
  agencyIds?: number[];
  branchIds?: number[];
  agentIds?: number[];
};

/** One column's list without its paging: what the infinite query is keyed by. */
export type CentreListQuery = CentreListFilter & {
  group: ListGroup;
  subtype: NotificationSubtype[];
  /** Left out for newest first, the server's default, so that list's key stays as it was. */
  sort?: NotificationSort;
};

/** The form body of a list or CSV call: lists repeat their key, empty ones are left out. */
export function centreListForm(query: CentreListQuery) {
  return {
    group: query.group,
    subtype: query.subtype,
    fetchType: query.fetchType,
    agencyIds: query.agencyIds,
    branchIds: query.branchIds,
    agentIds: query.agentIds,
    sort: query.sort,
  };
}
