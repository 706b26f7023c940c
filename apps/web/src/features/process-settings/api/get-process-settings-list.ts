import { PAGE_SIZE, processSettingsCalls, type BranchProcessSettings } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { NameSearch } from '@/lib/management/list-search';
import { managementKeys } from '@/lib/management/management-keys';
import { listPlaceholder } from '@/lib/management/management-request';

/** Under the management key, so every management change reads it again. */
export const processSettingsKey = (query: object) =>
  [...managementKeys.all, 'list', 'process-settings', query] as const;

/**
 * One page (0-based) of the branches the caller may manage with the settings each runs with,
 * and the default the others follow.
 */
export function getProcessSettingsList(search: NameSearch, page: number, signal?: AbortSignal) {
  return api.call(
    processSettingsCalls.list,
    { query: { ...search, offset: page * PAGE_SIZE, limit: PAGE_SIZE } },
    { signal },
  );
}

export const processSettingsListQueryOptions = (search: NameSearch, page: number) =>
  queryOptions({
    queryKey: processSettingsKey({ ...search, page }),
    queryFn: ({ signal }) => getProcessSettingsList(search, page, signal),
    placeholderData: listPlaceholder,
  });

/** A list row goes by its branch's id. */
export type ProcessSettingsRow = BranchProcessSettings & { id: number };

export function useProcessSettingsList(search: NameSearch, page: number) {
  return useQuery({
    ...processSettingsListQueryOptions(search, page),
    select: (data) => ({
      ...data,
      items: data.items.map((item): ProcessSettingsRow => ({ id: item.branchId, ...item })),
    }),
  });
}
