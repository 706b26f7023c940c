import { DASHBOARD_CALLS, PROCESS_LABELS, type Process } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { seedDemoSubscriptions } from '@/db/seed/seed';
import { parseCsv } from '../../../test/parse-csv';
import { DEMO, signIn, type DemoPerson } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { expectError } from '../notifications/notification-list.test-helpers';

const PROCESSES: Process[] = ['ADM', 'C', 'CW', 'HL', 'RP', 'SC', 'TD'];

describe.each(TEST_DATABASE_KINDS)('dashboard downloads on %s', (kind) => {
  let test: TestApp;
  const headers = new Map<string, Record<string, string>>();
  const as = async (person: DemoPerson) => {
    const known = headers.get(person.email);
    if (known) return known;
    const signed = (await signIn(test.app, person)).headers;
    headers.set(person.email, signed);
    return signed;
  };
  const report = async (person: DemoPerson, query = '') =>
    test.app.inject({
      method: 'GET',
      url: `/api/${DASHBOARD_CALLS.agentSubscriptionsCsv}${query}`,
      headers: await as(person),
    });
  const idOf = async (table: 'agencies' | 'agents', where: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ id: number }>(
      test.database.db,
      sql`select id from ${sql.raw(table)} where ${where}`,
    );
    if (!row) throw new Error(`no such row in ${table}`);
    return row.id;
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    await seedDemoSubscriptions(test.database.db);
  });
  afterAll(async () => test?.close());

  it('should send the subscription report as a CSV file, each process by its name', async () => {
    const res = await report(DEMO.manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="agent-subscriptions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Agency',
      'Branch',
      'PCC',
      'Agent',
      'Initials',
      'Process',
      'EMAIL',
      'PUSH',
    ]);
    const cell = (initials: string, process: string) =>
      rows.find((row) => row[4] === initials && row[5] === process);
    expect(cell('BA', 'Reprice')?.slice(6)).toEqual(['No', 'Yes']);
    // Named as the pages name them, never by code.
    expect(new Set(rows.map((row) => row[5]))).toEqual(
      new Set(PROCESSES.map((process) => PROCESS_LABELS[process])),
    );
  });

  it('should give the super user the agencies named, and refuse a manager another agency', async () => {
    const globe = await idOf('agencies', sql`name = 'Globe Tours'`);
    expect((await report(DEMO.superUser, `?agencies=${globe}`)).statusCode).toBe(200);

    expectError(await report(DEMO.manager, `?agencies=${globe}`), 403, 'FORBIDDEN');
    expectError(await report(DEMO.manager, '?agencies=x'), 400, 'BAD_REQUEST');
    expectError(await report(DEMO.agent), 403, 'FORBIDDEN');
  });
});
