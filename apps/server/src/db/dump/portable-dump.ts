// pg_dump writes for a server of its own version or newer; the embedded database is
// PostgreSQL 18 and sites run older ones. These edits make its dump load on PostgreSQL 15 and
// newer (docs/decisions/031), and load whole or not at all.

// PostgreSQL 17 added transaction_timeout, and pg_dump 17+ turns it off for the load; 15 and
// 16 refuse the SET as an unknown parameter. set_config over pg_settings sets it only where
// the server has it.
const TRANSACTION_TIMEOUT = /^SET transaction_timeout = 0;$/m;
const TRANSACTION_TIMEOUT_WHERE_KNOWN =
  "SELECT pg_catalog.set_config(name, '0', false) FROM pg_catalog.pg_settings " +
  "WHERE name = 'transaction_timeout';";

// The dump's settings open it; the transaction starts before them.
const FIRST_SETTING = /^SET statement_timeout = 0;$/m;

/** The dump, loadable by `psql -v ON_ERROR_STOP=1 -f` into PostgreSQL 15 and newer. */
export function portableDump(dump: string): string {
  if (!FIRST_SETTING.test(dump)) {
    throw new Error('pg_dump wrote a dump that does not start as expected');
  }
  // One transaction: a load that stops (an error, a dump cut short) leaves the database as it
  // was, so it can be fixed and loaded again.
  return `${dump
    .replace(FIRST_SETTING, (setting) => `BEGIN;\n\n${setting}`)
    .replace(TRANSACTION_TIMEOUT, TRANSACTION_TIMEOUT_WHERE_KNOWN)
    .trimEnd()}\n\nCOMMIT;\n`;
}
