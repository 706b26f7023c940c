import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CommandError, exitOf, UsageError } from '@/cli/command-errors';
import { loadEnv } from '@/config/env';
import { openDatabaseFromEnv } from '@/db/open-from-env';
import { keepNewFilesPrivate } from '@/lib/private-files';
import { resolveDumpPath, shellQuoted } from './dump-file';
import { dumpPglite } from './dump-pglite';

// `npm run db:dump`: the way off the embedded database when a site outgrows it, as one plain
// SQL file that psql loads into PostgreSQL (docs/decisions/031).

const USAGE = `Usage: npm run db:dump -- [--out <file>] [--force]

Writes a plain SQL dump of the embedded database (PGlite under DATA_DIR): every schema and
every row. Load it into an empty PostgreSQL database, version 15 or newer, with
  psql -v ON_ERROR_STOP=1 -f <file> <postgres://…>
and start SMT with DATABASE_URL naming that database: it finds its data and its migrations.

  --out <file>   where to write (default: smt-dump-<date and time>.sql in this directory)
  --force        replace <file> if it exists; without it the command refuses
  -h, --help     this text

The embedded database is held by one process at a time, so while the server runs on the
same DATA_DIR this command is refused: stop the server first. With DATABASE_URL set the data
is in PostgreSQL already: dump it with pg_dump.

Exit status: 0 written, 1 refused or failed (the reason on stderr), 2 wrong arguments.`;

const messages = {
  isPostgres:
    'DATABASE_URL is set, so the data is in PostgreSQL already: dump it with pg_dump ' +
    '(pg_dump --no-owner --no-privileges -f dump.sql "$DATABASE_URL").',
  exists: (file: string) =>
    `${file} exists already: name another file with --out, or add --force to replace it.`,
  noDatabase: (dir: string) =>
    `There is no embedded database at ${dir}, so nothing to dump: is DATA_DIR right?`,
  notEmbedded: 'The database opened is not the embedded one; nothing was written.',
  holdsSecrets: (file: string) =>
    `${file} holds secrets (the server secret, sessions, sealed connection tokens): it is ` +
    'readable by you only (0600). Keep it so, and delete it once it is loaded.',
};

const OPTIONS = {
  out: { type: 'string' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const parseOptions = (args: string[]) =>
  parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false });

async function main(args: string[]): Promise<void> {
  let values: ReturnType<typeof parseOptions>['values'];
  try {
    ({ values } = parseOptions(args));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const force = values.force ?? false;
  const env = loadEnv();
  if (env.DATABASE_URL) throw new CommandError(messages.isPostgres);
  const file = resolveDumpPath(values.out, new Date());
  // Checked first too, so that a refusal does not wait for the dump.
  if (!force && existsSync(file)) throw new CommandError(messages.exists(file));
  const dataDir = path.resolve(env.DATA_DIR, 'pglite');
  // Opening a directory with no database would make an empty one, and dump that.
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new CommandError(messages.noDatabase(dataDir));
  }

  const database = await openDatabaseFromEnv(env);
  let dump: string;
  try {
    if (database.kind !== 'pglite') throw new CommandError(messages.notEmbedded);
    dump = await dumpPglite(database.client);
  } finally {
    await database.close();
  }
  try {
    // A file replaced keeps its old mode: it goes first, so the dump is made anew as 0600.
    if (force) await rm(file, { force: true });
    // 'wx' fails rather than replace a file that appeared while the dump was made.
    await writeFile(file, dump, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new CommandError(messages.exists(file));
    }
    throw error;
  }

  console.error(messages.holdsSecrets(file));
  const megabytes = (Buffer.byteLength(dump) / 1_000_000).toFixed(1);
  console.log(`Wrote ${file} (${megabytes} MB): the embedded database at ${dataDir}.`);
  console.log(
    'Load it into an empty PostgreSQL database (15 or newer), then start SMT with ' +
      `DATABASE_URL naming it:\n  psql -v ON_ERROR_STOP=1 -f ${shellQuoted(file)} ` +
      'postgres://<user>@<host>:5432/<database>',
  );
}

keepNewFilesPrivate();
try {
  await main(process.argv.slice(2));
} catch (error) {
  const { status, text } = exitOf(error, USAGE);
  console.error(text);
  process.exitCode = status;
}
