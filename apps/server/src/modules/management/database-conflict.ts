import { isAnswered } from '@/lib/domain-error';
import { fail } from './management.errors';

// PostgreSQL and PGlite both report a broken constraint by its SQLSTATE code; drizzle wraps
// the driver's error, so the code may sit on a cause.

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return null;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The unique index a write broke, by name, or null for any other error. */
export function uniqueViolationOf(error: unknown): string | null {
  if (sqlStateOf(error) !== UNIQUE_VIOLATION) return null;
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return null;
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Turns a constraint the checks before a write could not see (two admins at once) into the
 * same 409 the checks answer; anything else is rethrown as it was.
 */
export function conflictOf(error: unknown, messages: { duplicate: string; inUse: string }) {
  if (isAnswered(error)) return error;
  const state = sqlStateOf(error);
  if (state === UNIQUE_VIOLATION) return fail('management.duplicate', messages.duplicate);
  if (state === FOREIGN_KEY_VIOLATION) return fail('management.in-use', messages.inUse);
  return error;
}

export const inUseMessage = (thing: string) =>
  `This ${thing} is still in use, so it cannot be deleted. Disable it instead.`;
