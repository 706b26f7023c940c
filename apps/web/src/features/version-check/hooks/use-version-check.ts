import { BUILD_VERSION } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { metaQueryOptions } from '@/features/version-check/api/get-meta';
import { readReloadedFor, rememberReloadFor } from '@/features/version-check/utils/reload-marker';
import { shouldReload } from '@/features/version-check/utils/should-reload';

/** Reloads the page once when the server has moved to a newer version than this build. */
export function useVersionCheck(): void {
  const serverVersion = useQuery(metaQueryOptions).data?.version;

  useEffect(() => {
    if (serverVersion === undefined) return;
    const reload = shouldReload({
      serverVersion,
      buildVersion: BUILD_VERSION,
      reloadedFor: readReloadedFor(),
    });
    // Without a memory of the reload, a stale build would reload for ever; better not at all.
    if (reload && rememberReloadFor(serverVersion)) window.location.reload();
  }, [serverVersion]);
}
