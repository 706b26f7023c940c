import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import { useNotificationsPushed } from './use-notifications-watch';

/** A list query whose every fetch waits until the test answers it. */
function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetches: { answer: (rows: number) => void; signal: AbortSignal }[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => {
      const list = useQuery({
        queryKey: [...notificationKeys.all, 'list', 'REPRICE'],
        queryFn: ({ signal }) =>
          new Promise<number>((resolve) => fetches.push({ answer: resolve, signal })),
        staleTime: Infinity,
      });
      return { list, pushed: useNotificationsPushed() };
    },
    { wrapper },
  );
  return { result, fetches };
}

describe('useNotificationsPushed', () => {
  it('should fetch the lists once more after a burst of pushes, not once per push', async () => {
    const { result, fetches } = setUp();
    await waitFor(() => expect(fetches).toHaveLength(1));
    fetches[0]!.answer(1);
    await waitFor(() => expect(result.current.list.data).toBe(1));

    // Ten pushes while the round they started is still fetching.
    for (let id = 10; id < 20; id += 1) result.current.pushed.raised(id);
    await waitFor(() => expect(fetches).toHaveLength(2));
    expect(fetches[1]!.signal.aborted).toBe(false);
    fetches[1]!.answer(2);

    // One more round for the pushes heard during the first, never cancelled by them.
    await waitFor(() => expect(fetches).toHaveLength(3));
    fetches[2]!.answer(3);
    await waitFor(() => expect(result.current.list.data).toBe(3));
    expect(fetches.map((fetch) => fetch.signal.aborted)).toEqual([false, false, false]);
  });

  it('should fetch again at once for a push heard when no round is under way', async () => {
    const { result, fetches } = setUp();
    await waitFor(() => expect(fetches).toHaveLength(1));
    fetches[0]!.answer(1);
    await waitFor(() => expect(result.current.list.data).toBe(1));

    result.current.pushed.raised(30);
    await waitFor(() => expect(fetches).toHaveLength(2));
    fetches[1]!.answer(2);
    await waitFor(() => expect(result.current.list.data).toBe(2));
    result.current.pushed.raised(31);
    await waitFor(() => expect(fetches).toHaveLength(3));
    fetches[2]!.answer(3);
    await waitFor(() => expect(result.current.list.data).toBe(3));
  });
});
