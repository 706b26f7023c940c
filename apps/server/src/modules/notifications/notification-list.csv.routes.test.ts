import {
  GROUP_LABEL,
  isUnread,
  NOTIFICATION_CALLS,
  NotificationListResponse,
  type NotificationCsvRequest,
  type NotificationListItem,
  type PanelGroup,
  utcDayOf,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNotificationsWorld,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import { parseCsv } from '../../../test/parse-csv';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { allListRows, criteriaOf } from './notification-list.service';
import {
  bookForAgent,
  callAs,
  demoIds,
  expectError,
  listIdsBySql,
  type Caller,
  type DemoIds,
} from './notification-list.test-helpers';

const HEADER = [
  'Notification ID',
  'Time (UTC)',
  'Group',
  'Type',
  'Status',
  'Read',
  'Title',
  'Message',
  'PNR',
  'Contact',
  'Booking',
];

const DANGEROUS_CONTACTS = ['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)'];

/** The CSV row a list item should become. */
function expectedRow(item: NotificationListItem): string[] {
  const guard = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
  return [
    String(item.notification_id),
    item.notification_time.slice(0, 16).replace('T', ' '),
    GROUP_LABEL[item.group as PanelGroup],
    item.type,
    item.subtype,
    isUnread(item.status) ? 'No' : 'Yes',
    guard(item.title),
    guard(item.title_message),
    item.pnr,
    guard(item.contact_name ?? ''),
    guard(item.pnr_summary ?? ''),
  ];
}

describe.each(TEST_DATABASE_KINDS)('the notification CSV on %s', (kind) => {
  let world: NotificationsWorld;
  let ids: DemoIds;

  const csv = (who: Caller, payload: NotificationCsvRequest) =>
    callAs(world, who, { method: 'POST', url: `/api/${NOTIFICATION_CALLS.listCsv}`, payload });
  const list = async (who: Caller, payload: NotificationCsvRequest) => {
    const res = await callAs(world, who, {
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.list}`,
      payload: { ...payload, chunk: 9999 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return NotificationListResponse.parse(res.json()).notifications;
  };
  const expectCsvEqualsList = async (who: Caller, filter: NotificationCsvRequest) => {
    const res = await csv(who, filter);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(HEADER);
    const items = await list(who, filter);
    expect(rows).toEqual(items.map(expectedRow));
    return rows;
  };

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    ids = await demoIds(world.database.db);
    for (const contact of DANGEROUS_CONTACTS) {
      await bookForAgent(world, { pcc: 'TLV1', initials: 'AA' }, contact);
    }
    await world.runEngine();
  });
  afterAll(() => world.close());

  it('should answer a CSV attachment named after today', async () => {
    const res = await csv('agent', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = utcDayOf(world.app.clock.now());
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="notifications-${today}.csv"`,
    );
  });

  it('should hold the same rows as the list, in the same order, with the same values', async () => {
    const every = ['Pending', 'Complete', 'Failed'];
    const rows = await expectCsvEqualsList('agent', { group: 'RECENT', subtype: every });
    expect(rows.length).toBeGreaterThan(DANGEROUS_CONTACTS.length);
    await expectCsvEqualsList('manager', {
      fetchType: 'all',
      group: 'RECENT',
      subtype: every,
      branchIds: [ids.branch.TLV1],
    });
    await expectCsvEqualsList('superUser', { fetchType: 'all', group: 'REPRICE', subtype: every });
    await expectCsvEqualsList('globeAgent', { fetchType: 'all', group: 'ADM' });
    await expectCsvEqualsList('operator', { fetchType: 'all' });
  });

  it('should make formula-like contact names inert with a leading apostrophe', async () => {
    const res = await csv('agent', { group: 'TICKETING_DUE' });
    const contacts = parseCsv(res.body)
      .slice(1)
      .map((row) => row[HEADER.indexOf('Contact')]);
    for (const contact of DANGEROUS_CONTACTS) {
      expect(contacts).toContain(`'${contact}`);
      expect(contacts).not.toContain(contact);
    }
  });

  it('should read the whole list page by page without losing or repeating a row', async () => {
    const rows: number[] = [];
    const criteria = criteriaOf({
      fetchType: 'all',
      agencyIds: [],
      branchIds: [],
      agentIds: [],
      group: 'RECENT',
      subtype: ['Pending', 'Complete', 'Failed'],
    });
    const everyone = {
      scope: { kind: 'superUser' as const },
      agencyIds: [],
      branchIds: [],
      agentIds: [],
    };
    for await (const row of allListRows(world.database.db, everyone, criteria, 7)) {
      rows.push(row.id);
    }
    expect(rows).toEqual(await listIdsBySql(world.database.db, sql`true`));
  });

  it('should refuse ids outside the scope, a signed-out caller and bad input', async () => {
    expectError(
      await csv('agent2', { fetchType: 'all', agentIds: [ids.agent.AA] }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await csv('globeManager', { fetchType: 'all', branchIds: [ids.branch.JRS1] }),
      403,
      'FORBIDDEN',
    );
    expectError(await csv(null, {}), 401, 'UNAUTHORIZED');
    for (const [payload, field] of [
      [{ group: 'ALL' }, 'group'],
      [{ dateFrom: '2026-13-01' }, 'dateFrom'],
      [{ agencyIds: 'one' }, 'agencyIds.0'],
    ] as const) {
      const body = expectError(
        await csv('manager', payload as NotificationCsvRequest),
        400,
        'BAD_REQUEST',
      );
      expect(Object.keys(body.fieldErrors ?? {})).toContain(field);
    }
  });
});
