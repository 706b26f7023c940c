import { PAGE_SIZE, type Call, type CallInput, type CallResult } from '@smt/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { managementKeys, type ManagedEntity, type ManagementListKey } from './management-keys';
import { changeOf, listPlaceholder } from './management-request';

/**
 * The six calls every managed kind has (`managedKindCalls` of the shared package's
 * calls/management-calls.ts): changes are form POSTs, the list and its CSV file GETs of a search.
 */
type KindCalls = Record<'create' | 'update' | 'updateStatus' | 'remove' | 'list' | 'csv', Call>;

/** What a kind's list is searched by: its CSV file's query, which is the list's without paging. */
type SearchOf<C extends KindCalls> = NonNullable<CallInput<C['csv']>['query']>;

type KindNames = {
  /** Its lists' query key under the management root. */
  entity: ManagedEntity;
  /** The CSV file's name when the server gives none. */
  csvFile: string;
};

/**
 * A managed kind's calls as functions, each typed by its contract: a kind added to the shared
 * package's `managedKindCalls` has its web calls with one line.
 */
export function kindApi<C extends KindCalls>(calls: C, { entity, csvFile }: KindNames) {
  /** One page (0-based) of the kind's rows the caller may manage, searched. */
  const getPage = (search: SearchOf<C>, page: number, signal?: AbortSignal) =>
    api.call(
      calls.list,
      { query: { ...search, offset: page * PAGE_SIZE, limit: PAGE_SIZE } },
      { signal },
    );
  return {
    /** Adds one; 409 for a duplicate. */
    create: changeOf(calls.create),
    /** Changes one; 409 for a duplicate. */
    update: changeOf(calls.update),
    /** Enables or disables one. */
    updateStatus: changeOf(calls.updateStatus),
    /** Deletes one; 409 while anything refers to it. */
    remove: changeOf(calls.remove),
    /** The query of one page of the list, kept on screen while the next one loads. */
    listQuery: (search: SearchOf<C>, page: number) =>
      queryOptions<CallResult<C['list']>, Error, CallResult<C['list']>, ManagementListKey>({
        queryKey: managementKeys.list(entity, { ...search, page }),
        queryFn: ({ signal }) => getPage(search, page, signal),
        placeholderData: listPlaceholder,
      }),
    /** Every row of the search as a CSV file, saved under the server's name for it. */
    downloadCsv: async (search: SearchOf<C>): Promise<void> => {
      const file = await api.callForFile(calls.csv, { query: search });
      saveFile(file.blob, file.filename ?? csvFile);
    },
  };
}
