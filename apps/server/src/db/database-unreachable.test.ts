import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable, markConnectError } from './database-unreachable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
// As drizzle throws it: its own message, the driver's error as the cause.
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a broken pipe', withCode('write EPIPE', 'EPIPE')],
    ['a connect that timed out', withCode('connect ETIMEDOUT', 'ETIMEDOUT')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['a connection the server dropped', new Error('Connection terminated unexpectedly')],
    ['a connect the pool gave up on', new Error('Connection terminated due to connection timeout')],
    [
      'the server shutting down',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['the server crashing', withCode('terminating connection due to crash', '57P02')],
    ['the server still starting', withCode('the database system is starting up', '57P03')],
    ['a connection failure of class 08', withCode('connection failure', '08006')],
  ])('should recognise %s, bare or wrapped by drizzle', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(isDatabaseUnreachable(wrapped(error))).toBe(true);
  });

  it('should recognise a connect refused on every address it tried', () => {
    const error = new AggregateError(
      [withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')],
      'connect failed',
    );
    expect(isDatabaseUnreachable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a value out of range', withCode('integer out of range', '22003')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a plain failure', new Error('something else went wrong')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('should not take %s for an unreachable database', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnreachable(wrapped(error))).toBe(false);
  });

  // What PostgreSQL answers a new connection it will not take, as [what, message, SQLSTATE].
  const refusedConnects = [
    ['the database at its connection limit', 'too many connections for database', '53300'],
    ['the database not accepting connections', 'database is not accepting', '55000'],
    ['a database that is gone', 'database "smt" does not exist', '3D000'],
    ['a role that may not log in', 'role "smt" is not permitted to log in', '28000'],
    ['a password refused', 'password authentication failed', '28P01'],
  ] as const;

  it.each(refusedConnects)(
    'should take %s for an unreachable database when it came while connecting',
    (_name, message, code) => {
      const marked = markConnectError(withCode(message, code));
      expect(isDatabaseUnreachable(marked)).toBe(true);
      expect(isDatabaseUnreachable(wrapped(marked))).toBe(true);
      // As the pool reports a connect that also ran out of time.
      const timedOut = new Error('Connection terminated due to connection timeout', {
        cause: marked,
      });
      expect(isDatabaseUnreachable(timedOut)).toBe(true);
    },
  );

  it.each(refusedConnects)(
    'should not take %s for an unreachable database when a query on a connection raised it',
    (_name, message, code) => {
      expect(isDatabaseUnreachable(withCode(message, code))).toBe(false);
      expect(isDatabaseUnreachable(wrapped(withCode(message, code)))).toBe(false);
    },
  );

  it('should leave what is not an object as it is when asked to mark it', () => {
    expect(markConnectError('refused')).toBe('refused');
    expect(isDatabaseUnreachable('refused')).toBe(false);
  });
});
