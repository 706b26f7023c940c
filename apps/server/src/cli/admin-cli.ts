import { loadEnv } from '@/config/env';
import { openDatabaseFromEnv } from '@/db/open-from-env';
import { keepNewFilesPrivate } from '@/lib/private-files';
import { exitOf, UsageError } from './command-errors';
import { parseCreateUserArgs, ROLE_NAMES, roleNameOf } from './create-user-args';
import { createUserByCommand } from './create-user';
import { whoRanThis } from './ran-by';

// `npm run admin -- <command>`: work on the server's database from its machine, in any
// APP_ENV, for what nobody can do by signing in (the first super user of a site).

const ADMIN_USAGE = `Usage: npm run admin -- create-user --role <role> --email <e-mail> --phone <E.164> [options]

Makes a user who can sign in at once, in any APP_ENV (production too): the first super user
of a new site, or anyone the users page cannot make yet. The e-mail is taken as vouched for,
as when the users page makes a user, and the audit log records the system user who ran this.

  --role <role>            ${ROLE_NAMES.join(', ')}
  --email <e-mail>         the e-mail address they sign in with
  --phone <E.164>          their mobile phone, such as +972501234567 (sign-in codes go there)
  --name <name>            the name SMT shows (default: the e-mail's part before the @)
  --agency <name>          the agency they belong to (managers)
  --branch <PCC>           the branch they belong to (branch managers, agents)
  --agent-initials <XX>    with --branch: the agent they book as (agents)
  -h, --help               this text

Super users and operators need no place; every other role needs one, as on the users page.
The database is the server's: DATABASE_URL's, or else the embedded one under DATA_DIR. An
embedded database is held by one process at a time, so while the server runs on the same
DATA_DIR this command is refused: stop the server, run the command, start the server again.

Exit status: 0 done, 1 refused or failed (the reason on stderr), 2 wrong arguments.`;

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(ADMIN_USAGE);
    return;
  }
  if (command === undefined) throw new UsageError('Name a command.');
  if (command !== 'create-user') throw new UsageError(`There is no command "${command}".`);
  const request = parseCreateUserArgs(rest);
  if (request === 'help') {
    console.log(ADMIN_USAGE);
    return;
  }
  const database = await openDatabaseFromEnv(loadEnv());
  try {
    const made = await createUserByCommand(database.db, request, whoRanThis());
    console.log(
      `Made ${roleNameOf(made.role)} ${made.name} (user ${made.id}, ${made.where}): ` +
        `${made.email}, ${made.phone}; they can sign in now.`,
    );
  } finally {
    await database.close();
  }
}

keepNewFilesPrivate();
try {
  await main(process.argv.slice(2));
} catch (error) {
  const { status, text } = exitOf(error, ADMIN_USAGE);
  console.error(text);
  process.exitCode = status;
}
