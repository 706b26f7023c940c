import type { PnrListItem, PnrListResponse } from '@smt/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PNR_UPDATES_PATH,
  pnrPage,
  pnrRow,
  stubPnrServer,
} from '@/features/pnrs/components/pnr-test-server';
import type { SentCall } from '@/testing/stub-api';
import { usePnrRefresh } from './use-pnr-refresh';

const KEY = ['pnrs', 'list', { airline: 'LY' }, 1] as const;
const JOB_A = '5b0c2a8e-0d7f-4a51-9d8e-3c2a1f0b9e71';
const JOB_B = '0f6a3b2c-1e4d-4c8b-8a7f-6d5e4c3b2a19';

function setUp(page: PnrListResponse) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(KEY, page);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  // The list as the screen holds it: whatever the cache has under the key.
  renderHook(
    () => {
      const list = useQuery<PnrListResponse>({
        queryKey: KEY,
        queryFn: () => Promise.reject(new Error('not fetched in this test')),
        staleTime: Infinity,
      });
      usePnrRefresh(KEY, list.data?.pnrs);
    },
    { wrapper },
  );
  return { cached: () => queryClient.getQueryData<PnrListResponse>(KEY)?.pnrs };
}

const updateCalls = (calls: SentCall[]) => calls.filter((call) => call.path === PNR_UPDATES_PATH);

/** Answers pnrUpdates with each job's next state, in turn. */
function answering(answers: Record<string, PnrListItem[][]>) {
  return (call: SentCall) => {
    const { syncJobId } = call.body as { syncJobId: string };
    return { body: { pnrs: answers[syncJobId]?.shift() ?? [] } };
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('usePnrRefresh', () => {
  it('should ask pnrUpdates 7 s after a row is refreshing and put the answer into the page', async () => {
    const refreshing = pnrRow(1, { updateWillAvailable: true, syncJobId: JOB_A });
    const calls = stubPnrServer({
      updates: answering({ [JOB_A]: [[pnrRow(1, { passengersCount: 5 })]] }),
    });
    const { cached } = setUp(pnrPage([refreshing, pnrRow(2)]));

    await vi.advanceTimersByTimeAsync(6_999);
    expect(updateCalls(calls)).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(updateCalls(calls).map((call) => call.body)).toEqual([{ syncJobId: JOB_A }]);
    expect(updateCalls(calls)[0]?.headers.get('X-SMT-Background')).toBe('1');
    await vi.waitFor(() => expect(cached()?.[0]?.passengersCount).toBe(5));
    expect(cached()?.[0]?.updateWillAvailable).toBe(false);
    expect(cached()?.[1]).toEqual(pnrRow(2));
  });

  it('should look again 7 s later while rows are still refreshing, and stop when none is', async () => {
    const refreshing = pnrRow(1, { updateWillAvailable: true, syncJobId: JOB_A });
    const calls = stubPnrServer({
      updates: answering({ [JOB_A]: [[refreshing], [pnrRow(1, { isTicketed: true })]] }),
    });
    const { cached } = setUp(pnrPage([refreshing]));

    await vi.advanceTimersByTimeAsync(7_000);
    expect(updateCalls(calls)).toHaveLength(1);
    expect(cached()?.[0]?.updateWillAvailable).toBe(true);

    await vi.advanceTimersByTimeAsync(7_000);
    expect(updateCalls(calls)).toHaveLength(2);
    await vi.waitFor(() => expect(cached()?.[0]?.isTicketed).toBe(true));

    await vi.advanceTimersByTimeAsync(30_000);
    expect(updateCalls(calls)).toHaveLength(2);
  });

  it('should follow each distinct refresh once when several rows share it', async () => {
    const calls = stubPnrServer({
      updates: answering({
        [JOB_A]: [[pnrRow(1), pnrRow(2)]],
        [JOB_B]: [[pnrRow(3)]],
      }),
    });
    const { cached } = setUp(
      pnrPage([
        pnrRow(1, { updateWillAvailable: true, syncJobId: JOB_A }),
        pnrRow(2, { updateWillAvailable: true, syncJobId: JOB_A }),
        pnrRow(3, { updateWillAvailable: true, syncJobId: JOB_B }),
      ]),
    );

    await vi.advanceTimersByTimeAsync(7_000);

    expect(updateCalls(calls).map((call) => call.body)).toEqual(
      expect.arrayContaining([{ syncJobId: JOB_A }, { syncJobId: JOB_B }]),
    );
    expect(updateCalls(calls)).toHaveLength(2);
    await vi.waitFor(() =>
      expect(cached()?.map((row) => row.updateWillAvailable)).toEqual([false, false, false]),
    );
  });

  it('should not ask anything when no row is refreshing', async () => {
    const calls = stubPnrServer({ updates: answering({}) });
    setUp(pnrPage([pnrRow(1), pnrRow(2, { syncJobId: JOB_A })]));

    await vi.advanceTimersByTimeAsync(30_000);

    expect(updateCalls(calls)).toHaveLength(0);
  });
});
