import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/production-rehearsal.mjs follows the README's "Run in production" section on an
// empty PostgreSQL database: the build, the first super user by the admin command, two API
// processes and two workers, their readiness, a sign-in by SMS code, a new agency with no
// connection (Add PNR refused) until it connects Duffel (a stand-in), and a notification the
// workers raised. This runs it as an operator would and holds it to its exit status.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.TEST_DATABASE_URL;
const name = `smt_rehearsal_${Math.random().toString(16).slice(2, 10)}`;

async function admin(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('the production rehearsal (scripts/production-rehearsal.mjs)', () => {
  afterAll(async () => {
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it('should pass every step of the README on an empty PostgreSQL database', async () => {
    await admin(`create database "${name}"`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    const child = spawn(process.execPath, ['scripts/production-rehearsal.mjs', url.toString()], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? ROOT },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(status, output).toBe(0);
    expect(output).toContain('Made SuperUser Site Owner');
    expect(output.match(/\/api\/ready: \{"status":"ready"/g)).toHaveLength(4);
    expect(output).toContain('No connection yet, so Add PNR is refused');
    expect(output).toMatch(/Booked [A-Z0-9]{6} at Duffel/);
    expect(output).toMatch(/TicketingDue for [A-Z0-9]{6}: Issue tickets by/);
    expect(output).toContain('== Rehearsal passed');
  }, 600_000);
});
