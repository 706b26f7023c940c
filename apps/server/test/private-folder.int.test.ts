import { chmod, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedPgliteImage, pgliteImageFolder } from './migrated-pglite-image';
import { privateFolder } from './private-folder';

// What the tests keep between processes and runs is of the user's alone: on a shared machine
// another account can neither read it nor put its own in its place.

const scratch = await mkdtemp(path.join(tmpdir(), 'smt-private-folder-test-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

const accessOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('private folders of the tests', () => {
  it('should make a missing folder that only its owner may enter', async () => {
    const folder = await privateFolder(path.join(scratch, 'made'));
    expect(await accessOf(folder)).toBe(0o700);
  });

  it('should refuse a folder that others may enter, and a link in place of one', async () => {
    const open = path.join(scratch, 'open');
    await privateFolder(open);
    await chmod(open, 0o755);
    await expect(privateFolder(open)).rejects.toThrow(/is not a folder of this user's alone/);

    const linked = path.join(scratch, 'linked');
    await symlink(await privateFolder(path.join(scratch, 'target')), linked);
    await expect(privateFolder(linked)).rejects.toThrow(/is not a folder of this user's alone/);
  });

  it('should keep the migrated database image in such a folder, readable by its owner only', async () => {
    await migratedPgliteImage();
    const folder = pgliteImageFolder();
    expect(await accessOf(folder)).toBe(0o700);
    const images = (await readdir(folder)).filter((name) => name.endsWith('.tar'));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect((await accessOf(path.join(folder, image))) & 0o077).toBe(0);
  });
});
