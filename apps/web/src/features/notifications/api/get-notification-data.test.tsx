import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { aDetails } from '@/features/notifications/components/details/details-test-data';
import { stubApi } from '@/testing/stub-api';
import { bookingNotificationsKeys } from './get-booking-notifications';
import { useNotificationData } from './get-notification-data';
import { notificationKeys } from './notification-keys';

function setUp() {
  stubApi({ 'POST /api/getNotificationData': { body: aDetails() } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useNotificationData(7), { wrapper });
  const keys = () => invalidated.mock.calls.map(([filters]) => filters?.queryKey);
  return { result, keys };
}

describe('useNotificationData', () => {
  it('should refresh the lists and, a second later, the counters when a notification is opened', async () => {
    const { result, keys } = setUp();

    await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(keys()).toEqual([notificationKeys.lists(), bookingNotificationsKeys.all]);
    await vi.waitFor(() => expect(keys()).toContainEqual(notificationKeys.counters()), {
      timeout: 2_000,
    });
  });

  it('should refresh nothing else when it is fetched again', async () => {
    const { result, keys } = setUp();
    await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
    const before = keys().length;

    await result.current.refetch();

    expect(keys()).toHaveLength(before);
  });
});
