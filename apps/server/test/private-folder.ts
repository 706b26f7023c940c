import { lstat, mkdir } from 'node:fs/promises';

// What the tests keep in the machine's temporary folder (a migrated database's image, a run's
// worlds) is read back as trusted: on a shared machine another account could have made the
// folder first and put its own file there, or read ours. So it lives in a folder of this
// user's alone.

/** `folder`, made if absent with only this user's access; one another account made, a link, or
 * one others may enter is refused. */
export async function privateFolder(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const found = await lstat(folder);
  if (!found.isDirectory() || found.uid !== process.getuid?.() || (found.mode & 0o077) !== 0) {
    throw new Error(`${folder} is not a folder of this user's alone`);
  }
  return folder;
}
