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

function speaksOfLostConnection(error: Error): boolean {
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
 * a query. Drizzle wraps the driver's error in `cause`, and a connection tried on several
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
