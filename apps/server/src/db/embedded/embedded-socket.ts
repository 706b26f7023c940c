import { existsSync, mkdirSync, mkdtempSync, chmodSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// node-postgres finds a Unix socket as `<host>/.s.PGSQL.<port>`.
const PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${PORT}`;
// A Unix socket's path must fit in 108 bytes (Linux), its terminating zero included.
const LONGEST_SOCKET_PATH = 100;

export type EmbeddedSocket = { dir: string; path: string; url: string };

/**
 * Where the embedded database listens: `DATA_DIR/run`, a directory only this user may enter,
 * or a private temporary one when that path is too long for a socket. Never a TCP port: a
 * fresh start exposes nothing on the network. `given`: the directory of a host started again,
 * whose API connects there already.
 */
export function embeddedSocketIn(dataDir: string, given: string | null = null): EmbeddedSocket {
  let dir = given ?? path.resolve(dataDir, 'run');
  if (given === null && path.join(dir, SOCKET_NAME).length > LONGEST_SOCKET_PATH) {
    dir = mkdtempSync(path.join(tmpdir(), 'smt-db-'));
  } else {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  const socketPath = path.join(dir, SOCKET_NAME);
  // The data directory's lock is held: a socket left here is a crashed start's.
  if (existsSync(socketPath)) unlinkSync(socketPath);
  return { dir, path: socketPath, url: embeddedSocketUrl(dir) };
}

export function embeddedSocketUrl(dir: string): string {
  return `postgres://postgres@localhost:${PORT}/postgres?host=${encodeURIComponent(dir)}`;
}

/** The socket's directory of an address made by embeddedSocketUrl. */
export function socketDirOf(url: string): string {
  const dir = new URL(url).searchParams.get('host');
  if (!dir) throw new Error(`not an embedded socket address: ${url}`);
  return dir;
}
