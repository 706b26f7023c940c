import { describe, expect, it } from 'vitest';
import {
  BulkDeleteRequest,
  NotificationListRequest,
  UnreadCountersResponse,
} from './notifications';

describe('NotificationListRequest', () => {
  it('should read a form: numbers as text and lists as repeated, single or comma-separated values', () => {
    expect(
      NotificationListRequest.parse({
        group: 'REPRICE',
        subtype: ['Complete', 'Failed'],
        agentIds: '3,4',
        branchIds: ['1', '2'],
        agencyIds: '7',
        offset: '10',
        chunk: '10',
      }),
    ).toMatchObject({
      group: 'REPRICE',
      subtype: ['Complete', 'Failed'],
      agentIds: [3, 4],
      branchIds: [1, 2],
      agencyIds: [7],
      offset: 10,
      chunk: 10,
      fetchType: 'personal',
    });
  });

  it('should default to the first ten pending notifications of every group', () => {
    expect(NotificationListRequest.parse({})).toMatchObject({
      group: 'RECENT',
      subtype: ['Pending'],
      offset: 0,
      chunk: 10,
      agentIds: [],
    });
  });

  it('should refuse ids that are not positive integers and chunks over the limit', () => {
    expect(NotificationListRequest.safeParse({ agentIds: 'x' }).success).toBe(false);
    expect(NotificationListRequest.safeParse({ agentIds: '-1' }).success).toBe(false);
    expect(NotificationListRequest.safeParse({ chunk: '10000' }).success).toBe(false);
    expect(NotificationListRequest.safeParse({ group: 'NOPE' }).success).toBe(false);
  });
});

describe('BulkDeleteRequest', () => {
  it('should need at least one id', () => {
    expect(BulkDeleteRequest.safeParse({ notification_ids: [] }).success).toBe(false);
    expect(BulkDeleteRequest.parse({ notification_ids: '1,2,3' }).notification_ids).toEqual([
      1, 2, 3,
    ]);
  });
});

describe('UnreadCountersResponse', () => {
  it('should need every counter key in both buckets', () => {
    const zero = {
      total: 0,
      reschedule: 0,
      ADM: 0,
      reprice: 0,
      ticketingDue: 0,
      waitlist: 0,
      recent: 0,
      SA: 0,
      alert: 0,
    };
    expect(
      UnreadCountersResponse.safeParse({ pending: zero, complete: zero, latestId: null }).success,
    ).toBe(true);
    expect(
      UnreadCountersResponse.safeParse({
        pending: { ...zero, alert: undefined },
        complete: zero,
        latestId: 1,
      }).success,
    ).toBe(false);
  });
});
