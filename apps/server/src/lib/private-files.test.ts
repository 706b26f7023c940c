import fs, { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepTreePrivate, makeTreePrivate } from './private-files';

const modeOf = (entry: string) => statSync(entry).mode & 0o777;

describe('private files', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'smt-private-unit-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("should take group and others' rights off a whole tree and count what it changed", () => {
    const dir = path.join(root, 'open');
    mkdirSync(path.join(dir, 'inner'), { recursive: true });
    writeFileSync(path.join(dir, 'inner', 'wal'), 'secret');
    writeFileSync(path.join(dir, 'kept'), 'x');
    chmodSync(dir, 0o777);
    chmodSync(path.join(dir, 'inner'), 0o755);
    chmodSync(path.join(dir, 'inner', 'wal'), 0o666);
    chmodSync(path.join(dir, 'kept'), 0o600);

    expect(makeTreePrivate(dir)).toBe(3);
    expect([dir, path.join(dir, 'inner')].map(modeOf)).toEqual([0o700, 0o700]);
    expect(modeOf(path.join(dir, 'inner', 'wal'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'kept'))).toBe(0o600);
    expect(makeTreePrivate(dir)).toBe(0);
  });

  it('should mask the modes code sets under a private tree, and nowhere else', () => {
    const inside = path.join(root, 'pglite');
    const outside = path.join(root, 'elsewhere');
    mkdirSync(inside);
    writeFileSync(path.join(inside, 'PG_VERSION'), '17');
    writeFileSync(outside, 'public');
    keepTreePrivate(inside);

    // As PGlite's file system does after creating each file, through the module's object.
    fs.chmodSync(path.join(inside, 'PG_VERSION'), 0o100666);
    fs.chmodSync(outside, 0o644);

    expect(modeOf(path.join(inside, 'PG_VERSION'))).toBe(0o600);
    expect(modeOf(outside)).toBe(0o644);
  });
});
