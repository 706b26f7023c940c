// Node's socket errors when the server cannot be reached or drops the connection.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs of a server going away: class 08 (connection exception), and the server shutting
// down by command or by crash, or still starting.
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);

// What node-postgres and its pool say when the connection itself fails; they carry no code.
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];

// Errors raised while a connection was being made (db/client.ts marks them). Whatever their
// SQLSTATE (too many connections, a database renamed or closed to connections, a role or
// password refused), the caller cannot reach the database. The same codes from a query on an
// established connection are that query's own failure.
const connectErrors = new WeakSet<object>();

/** Marks an error raised while a connection to the database was being made. */
export function markConnectError<T>(error: T): T {
  if (typeof error === 'object' && error !== null) connectErrors.add(error);
  return error;
}

function speaksOfLostConnection(error: Error): boolean {
  if (connectErrors.has(error)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SHUTDOWN_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
      return true;
    }
  }
  return DRIVER_MESSAGES.some((message) => error.message.includes(message));
}

/**
 * Whether an error means the database cannot be reached right now, rather than that it refused
 * a query: the connection failed or was refused, or the server is going away. Drizzle wraps the driver's error in `cause`, and a connection tried on several
 * addresses fails with an AggregateError of each; both are looked through.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const look = (candidate: unknown, depth: number): boolean => {
    if (!(candidate instanceof Error) || depth > 4 || seen.has(candidate)) return false;
    seen.add(candidate);
    if (speaksOfLostConnection(candidate)) return true;
    if (look(candidate.cause, depth + 1)) return true;
    return candidate instanceof AggregateError
      ? candidate.errors.some((inner) => look(inner, depth + 1))
      : false;
  };
  return look(error, 0);
}
