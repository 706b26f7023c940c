import { describe, expect, it } from 'vitest';
import {
  profileTable,
  summariseProfile,
  whereOf,
  type CpuProfile,
  type OriginalSource,
} from './cpu-profile-summary';

const ROOT = '/repo';
const frame = (functionName: string, url: string, lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber: 0,
});

// (root) → handler in our bundle → pg's parser → JSON.parse (a built-in); plus idle and GC.
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 5, 6] },
    {
      id: 2,
      callFrame: frame('handler', 'file:///repo/apps/server/dist/server.js', 10),
      children: [3],
    },
    {
      id: 3,
      callFrame: frame('parseDataRow', 'file:///repo/node_modules/pg-protocol/dist/parser.js'),
      children: [4],
    },
    { id: 4, callFrame: frame('parse', '') },
    { id: 5, callFrame: frame('(idle)', '') },
    { id: 6, callFrame: frame('(garbage collector)', '') },
  ],
  startTime: 0,
  endTime: 10_000,
  // Each sample lasts until the next; the last until endTime.
  samples: [2, 3, 4, 4, 5, 5, 5, 5, 6, 6],
  timeDeltas: [0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

/** The bundle's line 10 was written in the notifications module. */
const original: OriginalSource = (url, line) =>
  url.endsWith('dist/server.js') && line === 10
    ? '/repo/apps/server/src/modules/notifications/list.ts'
    : null;

describe('summariseProfile', () => {
  it('should group self time by package, our folders, built-ins under their caller, and pseudo-frames', () => {
    const summary = summariseProfile(PROFILE, { root: ROOT, original });

    expect(summary.totalMs).toBe(10);
    expect(summary.rows.map((row) => [row.where, row.selfMs, row.share])).toEqual([
      ['(idle: waiting for I/O)', 4, 0.4],
      ['V8 built-ins ← pg-protocol', 2, 0.2],
      ['(garbage collection)', 2, 0.2],
      ['apps/server/src/modules/notifications', 1, 0.1],
      ['pg-protocol', 1, 0.1],
    ]);
    expect(summary.rows[3]?.functions).toEqual([{ name: 'handler (list.ts)', ms: 1 }]);
  });

  it('should count only the samples taken within a window', () => {
    // Samples stamped 4,000 to 6,000 µs: the idle ones.
    const summary = summariseProfile(PROFILE, {
      root: ROOT,
      original,
      window: { fromUs: 4000, toUs: 6000 },
    });

    expect(summary.totalMs).toBe(3);
    expect(summary.rows.map((row) => row.where)).toEqual(['(idle: waiting for I/O)']);
  });

  it('should place node internals, wasm, scoped packages and files outside the repository', () => {
    expect(whereOf(frame('emit', 'node:events'), ROOT)).toBe('node internals');
    expect(whereOf(frame('f', 'wasm://wasm/1a2b'), ROOT)).toBe('WebAssembly');
    expect(
      whereOf(frame('q', 'file:///repo/node_modules/@electric-sql/pglite/dist/index.js'), ROOT),
    ).toBe('@electric-sql/pglite');
    expect(whereOf(frame('g', 'file:///elsewhere/x.js'), ROOT)).toBe('other: /elsewhere/x.js');
    // drizzle-orm ships maps to its own src/: the package is still where it is installed.
    const ownSources: OriginalSource = () => '/repo/node_modules/src/sql/sql.ts';
    expect(
      whereOf(frame('is', 'file:///repo/node_modules/drizzle-orm/entity.js'), ROOT, ownSources),
    ).toBe('drizzle-orm');
    expect(whereOf(frame('h', 'file:///repo/bench/load-worker.ts'), ROOT)).toBe('bench');
  });

  it('should write the heaviest rows as a table with their heaviest functions', () => {
    const table = profileTable(summariseProfile(PROFILE, { root: ROOT, original }), 2);

    expect(table.split('\n')).toEqual([
      '| where (self time) | ms | share | heaviest functions |',
      '| --- | --- | --- | --- |',
      '| (idle: waiting for I/O) | 4 | 40% | (idle) 40% |',
      '| V8 built-ins ← pg-protocol | 2 | 20% | parse 20% |',
    ]);
  });
});
