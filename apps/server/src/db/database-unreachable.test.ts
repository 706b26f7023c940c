import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-unreachable';

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
});
