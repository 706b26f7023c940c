import path from 'node:path';

/** smt-dump-2026-11-25T18-23-01Z.sql: dated, sorted by name, and no colon for other systems. */
export function defaultDumpName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `smt-dump-${stamp}.sql`;
}

/**
 * The directory the person ran the command in: `npm run` starts scripts in the package's own
 * directory and keeps the caller's in INIT_CWD.
 */
export function callerDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}

export function resolveDumpPath(out: string | undefined, now: Date): string {
  return path.resolve(callerDirectory(), out ?? defaultDumpName(now));
}

/** A path as a shell takes it, for the command the output suggests. */
export function shellQuoted(file: string): string {
  return /^[\w./@%+=:,-]+$/.test(file) ? file : `'${file.replaceAll("'", `'\\''`)}'`;
}
