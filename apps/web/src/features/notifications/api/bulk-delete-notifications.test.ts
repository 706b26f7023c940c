import { describe, expect, it } from 'vitest';
import {
  formsSentTo,
  notificationItem,
} from '@/features/notifications/components/centre/centre-test-server';
import { stubApi } from '@/testing/stub-api';
import { bulkDeleteNotifications, withoutNotifications } from './bulk-delete-notifications';

describe('bulk delete of notifications', () => {
  it('should drop the deleted rows from every page when the list is paged', () => {
    const paged = {
      pages: [
        { notifications: [notificationItem(1), notificationItem(2)], hasMore: true },
        { notifications: [notificationItem(3)], hasMore: false },
      ],
      pageParams: [0, 2],
    };

    const left = withoutNotifications(paged, new Set([2, 3]));

    expect(left).toEqual({
      pages: [
        { notifications: [notificationItem(1)], hasMore: true },
        { notifications: [], hasMore: false },
      ],
      pageParams: [0, 2],
    });
  });

  it('should drop the deleted rows when the list is whole', () => {
    const whole = { notifications: [notificationItem(1), notificationItem(2)], hasMore: false };

    expect(withoutNotifications(whole, new Set([1]))).toEqual({
      notifications: [notificationItem(2)],
      hasMore: false,
    });
  });

  it('should send long selections in calls of at most 200 ids', async () => {
    stubApi({ 'POST /api/deleteNotifications/bulk': { body: { deleted: 1 } } });
    const ids = Array.from({ length: 450 }, (_, i) => i + 1);

    await bulkDeleteNotifications(ids);

    const sent = formsSentTo('/api/deleteNotifications/bulk').map((form) =>
      form.getAll('notification_ids').map(Number),
    );
    expect(sent.map((batch) => batch.length)).toEqual([200, 200, 50]);
    expect(sent.flat()).toEqual(ids);
  });
});
