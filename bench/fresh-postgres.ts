import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '@/db/client';

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** A new PostgreSQL database for one bench run, dropped again by `drop`. */
export async function freshPostgres(
  poolSize: number,
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const name = `smt_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize });
  return {
    database,
    // For a server started as a child process on the same database.
    url: url.toString(),
    drop: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
