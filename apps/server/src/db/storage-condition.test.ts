import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createStorageCondition,
  hasSqlState,
  isOutOfSpace,
  OUT_OF_SPACE_REASON,
  SPACE_ERROR_HOLDS_MS,
} from './storage-condition';

/** An error as drizzle throws it: the driver's, with its SQLSTATE, as the cause. */
const drizzleError = (code: string) =>
  new Error('Failed query: insert …', { cause: Object.assign(new Error('driver'), { code }) });

describe("the database's disk", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'smt-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should know a full disk by SQLSTATE 53100 or ENOSPC, through a wrapping error', () => {
    expect(isOutOfSpace(drizzleError('53100'))).toBe(true);
    expect(isOutOfSpace(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe(true);
    expect(isOutOfSpace(drizzleError('53200'))).toBe(false);
    expect(isOutOfSpace(drizzleError('23505'))).toBe(false);
    expect(isOutOfSpace('53100')).toBe(false);
  });

  it("should tell the database's errors from ours by their SQLSTATE", () => {
    expect(hasSqlState(drizzleError('23505'))).toBe(true);
    expect(hasSqlState(new TypeError('x is undefined'))).toBe(false);
    expect(hasSqlState(Object.assign(new Error('socket'), { code: 'ECONNREFUSED' }))).toBe(false);
  });

  it('should say nothing until a write is refused for space', async () => {
    const storage = createStorageCondition();
    expect(storage.note(drizzleError('23505'))).toBe(false);
    expect(await storage.fullReason()).toBeNull();
  });

  it('should hold a refusal for a while when it cannot look at the disk, then let it go', async () => {
    let now = 1_000_000;
    const storage = createStorageCondition({ now: () => now });
    expect(storage.note(drizzleError('53100'))).toBe(true);
    now += SPACE_ERROR_HOLDS_MS - 1;
    expect(await storage.fullReason()).toBe(OUT_OF_SPACE_REASON);
    now += 1;
    expect(await storage.fullReason()).toBeNull();
  });

  it('should let a refusal go as soon as its data directory has room again', async () => {
    // The test's own temporary directory has room: a refusal there is forgotten at once.
    const storage = createStorageCondition({ dataDir: dir, now: () => 0 });
    storage.note(drizzleError('53100'));
    expect(await storage.fullReason()).toBeNull();
  });
});
