import { describe, expect, it } from 'vitest';
import { portableDump } from './portable-dump';

// The head and tail of what pg_dump 18 (pglite-tools 0.4.8) writes.
const DUMP = `--
-- PostgreSQL database dump
--

-- Dumped from database version 18.6
-- Dumped by pg_dump version 18.3

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET transaction_timeout = 0;
SET client_encoding = 'UTF8';

CREATE SCHEMA drizzle;

--
-- PostgreSQL database dump complete
--

`;

describe('portableDump', () => {
  it('should set transaction_timeout only where the server has it when the dump sets it', () => {
    const portable = portableDump(DUMP);
    expect(portable).not.toMatch(/^SET transaction_timeout/m);
    expect(portable).toContain(
      "SELECT pg_catalog.set_config(name, '0', false) FROM pg_catalog.pg_settings " +
        "WHERE name = 'transaction_timeout';",
    );
  });

  it('should load in one transaction when psql runs it', () => {
    const lines = portableDump(DUMP).trimEnd().split('\n');
    const begin = lines.indexOf('BEGIN;');
    expect(begin).toBeGreaterThan(-1);
    expect(begin).toBeLessThan(lines.indexOf('SET statement_timeout = 0;'));
    expect(lines.at(-1)).toBe('COMMIT;');
    expect(lines.filter((line) => line === 'BEGIN;' || line === 'COMMIT;')).toHaveLength(2);
  });

  it('should keep everything else as pg_dump wrote it', () => {
    const portable = portableDump(DUMP);
    for (const line of DUMP.split('\n').filter((l) => !l.startsWith('SET transaction_timeout'))) {
      expect(portable.split('\n')).toContain(line);
    }
  });

  it('should refuse when the dump does not start with the settings pg_dump writes', () => {
    expect(() => portableDump('CREATE TABLE t ();\n')).toThrow(/does not start as expected/);
  });
});
