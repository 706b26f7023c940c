import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveOverWire, type WireServer } from './pglite-wire-server';

// The embedded database served to the API process over the wire protocol: several connections
// at once must each see their own statements and transactions (decision 047).
describe('PGlite over the wire protocol', () => {
  let db: PGlite;
  let server: WireServer;
  let pool: pg.Pool;
  let dir: string;
  const heard: { channel: string; payload: string }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'smt-wire-'));
    db = await PGlite.create();
    await db.exec('create table counters (id int primary key, n int not null)');
    await db.exec('insert into counters values (1, 0)');
    server = await serveOverWire(db, {
      socketPath: path.join(dir, '.s.PGSQL.5432'),
      listenTo: ['smt_test'],
      onNotification: (channel, payload) => heard.push({ channel, payload }),
    });
    pool = new pg.Pool({ host: dir, port: 5432, user: 'postgres', database: 'postgres', max: 6 });
  });
  afterAll(async () => {
    await pool.end();
    await server.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should keep the socket to its owner', () => {
    expect(statSync(path.join(dir, '.s.PGSQL.5432')).mode & 0o777).toBe(0o600);
  });

  it('should answer each connection its own parameters when many ask at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        pool.query<{ v: string }>('select $1::text || repeat($2::text, $3::int) as v', [
          `q${i}`,
          'x',
          i % 7,
        ]),
      ),
    );
    answers.forEach((answer, i) => expect(answer.rows[0]?.v).toBe(`q${i}${'x'.repeat(i % 7)}`));
  });

  it('should keep a transaction to itself while others query', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('update counters set n = 100 where id = 1');
      // Another connection asks meanwhile: it waits for the transaction, and never sees it half.
      const other = pool.query<{ n: number }>('select n from counters where id = 1');
      await client.query('rollback');
      expect((await other).rows[0]?.n).toBe(0);
    } finally {
      client.release();
    }
  });

  it('should add up concurrent transactions without losing one', async () => {
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const { rows } = await client.query<{ n: number }>('select n from counters where id = 1');
          await client.query('update counters set n = $1 where id = 1', [(rows[0]?.n ?? 0) + 1]);
          await client.query('commit');
        } finally {
          client.release();
        }
      }),
    );
    const { rows } = await pool.query<{ n: number }>('select n from counters where id = 1');
    expect(rows[0]?.n).toBe(20);
  });

  it('should roll back what a connection left open when it went away', async () => {
    const client = new pg.Client({ host: dir, port: 5432, user: 'postgres', database: 'postgres' });
    await client.connect();
    await client.query('begin');
    await client.query('update counters set n = -1 where id = 1');
    await client.end();
    const { rows } = await pool.query<{ n: number }>('select n from counters where id = 1');
    expect(rows[0]?.n).toBe(20);
  });

  it('should hand the host every committed notification, and none of a rolled-back one', async () => {
    await pool.query("select pg_notify('smt_test', 'committed')");
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query("select pg_notify('smt_test', 'rolled back')");
      await client.query('rollback');
    } finally {
      client.release();
    }
    await pool.query("select pg_notify('smt_test', 'after')");
    await vi.waitFor(() => expect(heard.map((n) => n.payload)).toContain('after'));
    expect(heard.map((n) => n.payload)).toEqual(['committed', 'after']);
  });

  it('should report a failed statement to its connection and go on serving', async () => {
    await expect(pool.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    expect((await pool.query('select 1 as one')).rows[0]).toEqual({ one: 1 });
  });
});
