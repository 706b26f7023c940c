import { Process } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { seedDemoSubscriptions } from '@/db/seed/seed';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { createDashboardFiles } from './dashboard-files.service';
import { createDashboard } from './dashboard.service';

// The subscription report's rows, read as its route reads them with the caller's scope. The
// file's name, columns and words (the process's label, Yes / No), who may download it and the
// query's refusals are dashboard-files.routes.test.ts's.

describe(createDashboardFiles.name, () => {
  const database = useServiceDatabase();
  let sut: ReturnType<typeof createDashboardFiles>;

  beforeEach(async () => {
    sut = createDashboardFiles({ db: database.db, figures: createDashboard({ db: database.db }) });
    await seedDemoSubscriptions(database.db);
  });

  const scopeOf = async (person: DemoPerson) => (await callerAs(database.db, person)).scope;
  const idOf = async (table: 'agencies' | 'agents', where: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from ${sql.raw(table)} where ${where}`,
    );
    if (!row) throw new Error(`no such row in ${table}`);
    return row.id;
  };

  describe('subscriptions', () => {
    it("should list every agent of the manager's agency with each process and its channels", async () => {
      const adam = await idOf('agents', sql`initials = 'AA'`);
      await database.db.execute(
        sql`insert into subscriptions (process, branch_id, agent_id, media)
            select 'RP', branch_id, id, 'EMAIL' from agents where id = ${adam}`,
      );
      const rows = await sut.subscriptions(await scopeOf(DEMO.manager), []);
      const agents = await queryRows<{ initials: string }>(
        database.db,
        sql`select a.initials from agents a join branches b on b.id = a.branch_id
            join agencies g on g.id = b.agency_id where g.name = 'Demo Travel'`,
      );
      expect(rows).toHaveLength(agents.length * Process.options.length);
      expect(new Set(rows.map((row) => row.agency))).toEqual(new Set(['Demo Travel']));
      expect(new Set(rows.map((row) => row.process))).toEqual(new Set(Process.options));
      const cell = (initials: string, process: Process) =>
        rows.find((row) => row.initials === initials && row.process === process);
      // The seed has both get Reprice by push; e-mail is Adam's own subscription, made above.
      expect(cell('AA', 'RP')).toMatchObject({ email: true, push: true });
      expect(cell('BA', 'RP')).toMatchObject({ email: false, push: true });
    });

    it('should give the super user the agencies named', async () => {
      const globe = await idOf('agencies', sql`name = 'Globe Tours'`);
      const rows = await sut.subscriptions(await scopeOf(DEMO.superUser), [globe]);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.agency))).toEqual(new Set(['Globe Tours']));
    });

    it('should refuse a manager another agency', async () => {
      const globe = await idOf('agencies', sql`name = 'Globe Tours'`);
      expect(
        await refusalOf(sut.subscriptions(await scopeOf(DEMO.manager), [globe])),
      ).toMatchObject({ reason: 'dashboard.agency-outside', code: 'FORBIDDEN' });
    });
  });
});
