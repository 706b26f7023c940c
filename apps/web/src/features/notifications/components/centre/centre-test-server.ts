import {
  UNREAD_COUNTER_KEYS,
  type ListGroup,
  type NotificationListItem,
  type UnreadCounterKey,
  type UnreadCountersResponse,
} from '@smt/shared';
import { vi } from 'vitest';
import { stubApi } from '@/testing/stub-api';

// Test-only: a stand-in for the list, counter and delete calls of the notification centre.

export function notificationItem(
  id: number,
  overrides: Partial<NotificationListItem> = {},
): NotificationListItem {
  return {
    notification_id: id,
    type: 'Reprice',
    subtype: 'Pending',
    group: 'REPRICE',
    type_status: 'Active',
    title: `Fare drop ${id}`,
    title_message: 'A lower fare is available',
    notification_time: '2026-01-10T08:00:00.000Z',
    readonly: false,
    status: 'READ',
    contact_name: 'Dana Levi',
    pnr_summary: 'TLV-LHR LY315 2026-12-13 10:00',
    pnr: `PNR${String(id).padStart(3, '0')}`,
    alerts: [],
    agent_name: 'Bella Agent',
    deadline: null,
    ...overrides,
  };
}

export function countersWith(
  pending: Partial<Record<UnreadCounterKey, number>> = {},
  complete: Partial<Record<UnreadCounterKey, number>> = {},
): UnreadCountersResponse {
  const zero = Object.fromEntries(UNREAD_COUNTER_KEYS.map((key) => [key, 0])) as Record<
    UnreadCounterKey,
    number
  >;
  return {
    pending: { ...zero, ...pending },
    complete: { ...zero, ...complete },
    latestId: null,
  };
}

/** The path a fetch call went to. */
export function pathOf(input: RequestInfo | URL): string {
  return new URL(input instanceof Request ? input.url : input.toString(), 'http://x').pathname;
}

/** The form bodies sent to `path` (form posts are URLSearchParams, which stubApi leaves out). */
export function formsSentTo(path: string): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => pathOf(input) === path)
    .map(([, init]) => new URLSearchParams(init?.body as URLSearchParams));
}

function lastForm(): URLSearchParams {
  const init = vi.mocked(fetch).mock.calls.at(-1)?.[1];
  return new URLSearchParams(init?.body as URLSearchParams);
}

type Answer = { status: number; body: unknown };

type CentreServerOptions = {
  /** The rows of each group, newest first; deleted ones leave them until undone. */
  rows?: Partial<Record<ListGroup, NotificationListItem[]>>;
  counters?: UnreadCountersResponse;
  /** A list call for these groups fails. */
  failingGroups?: ListGroup[];
  /** What bulk delete answers instead of deleting. */
  deleteAnswer?: Answer;
};

export function stubCentreServer(options: CentreServerOptions = {}) {
  const rows = new Map(Object.entries(options.rows ?? {}));
  const deleted = new Set<number>();
  const failure = { code: 'INTERNAL', message: 'Something has happened' };
  const calls = stubApi({
    'POST /api/v2/getNotificationList': () => {
      const form = lastForm();
      const group = (form.get('group') ?? 'RECENT') as ListGroup;
      if (options.failingGroups?.includes(group)) return { status: 500, body: failure };
      const offset = Number(form.get('offset') ?? 0);
      const chunk = Number(form.get('chunk') ?? 10);
      const all = (rows.get(group) ?? []).filter((row) => !deleted.has(row.notification_id));
      return {
        body: {
          notifications: all.slice(offset, offset + chunk),
          hasMore: all.length > offset + chunk,
        },
      };
    },
    'POST /api/getUnreadNotificationsCountBySubtype': {
      body: options.counters ?? countersWith(),
    },
    'POST /api/deleteNotifications/bulk': () => {
      if (options.deleteAnswer) return options.deleteAnswer;
      const ids = lastForm().getAll('notification_ids').map(Number);
      for (const id of ids) deleted.add(id);
      return { body: { deleted: ids.length } };
    },
    'POST /api/deleteNotifications/undo': () => {
      const ids = lastForm().getAll('notification_ids').map(Number);
      const restored = ids.filter((id) => deleted.delete(id));
      return { body: { restored: restored.length } };
    },
  });
  return calls;
}
