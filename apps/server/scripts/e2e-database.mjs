// The browser tests' servers keep their data in PostgreSQL when TEST_DATABASE_URL names one
// (docs/decisions/088): `node apps/server/scripts/e2e-database.mjs create NAME` makes an empty
// database of that name beside TEST_DATABASE_URL's and prints its URL; `drop NAME` removes it.
// A script, not a module of the web's tests: the server's package is the one that has pg.
import pg from 'pg';

const [action, name] = process.argv.slice(2);
const adminUrl = process.env.TEST_DATABASE_URL;
if (
  !adminUrl ||
  !['create', 'drop'].includes(action ?? '') ||
  !/^smt_e2e_[a-z0-9_]+$/.test(name ?? '')
) {
  console.error('Usage: TEST_DATABASE_URL=… node e2e-database.mjs create|drop smt_e2e_NAME');
  process.exit(2);
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  await admin.query(`drop database if exists "${name}" with (force)`);
  if (action === 'create') {
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    process.stdout.write(url.toString());
  }
} finally {
  await admin.end();
}
