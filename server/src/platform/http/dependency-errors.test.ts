import { describe, expect, it } from 'vitest';
import { unavailableDependency } from './dependency-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('unavailableDependency', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a connection timeout', withCode('connect ETIMEDOUT', 'ETIMEDOUT')],
    ['node-postgres losing the server', new Error('Connection terminated unexpectedly')],
    ['pg-pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['a client left unusable', new Error('Client has encountered a connection error and is not queryable')],
    ['SQLSTATE 08006', withCode('connection failure', '08006')],
    [
      'SQLSTATE 57P01 admin shutdown',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['SQLSTATE 57P03 cannot connect now', withCode('the database system is starting up', '57P03')],
    [
      'a wrapped cause',
      new Error('query failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
    [
      'an aggregate',
      new AggregateError([new Error('other'), withCode('connect ECONNREFUSED', 'ECONNREFUSED')]),
    ],
  ])('%s is the database', (_label, error) => {
    expect(unavailableDependency(error)).toBe('database');
  });

  it.each([
    [
      'retries per request exhausted',
      named('MaxRetriesPerRequestError', 'Reached the max retries per request limit (which is 0).'),
    ],
    ['a closed connection', new Error('Connection is closed.')],
    ['no offline queue', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['no answer in time', new Error('Command timed out')],
  ])('%s is the cache store', (_label, error) => {
    expect(unavailableDependency(error)).toBe('cache');
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['our own closed pool', new Error('Cannot use a pool after calling end on the pool')],
    ['a client we closed', new Error('Client was closed and is not queryable')],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near ")"', '42601')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is no outage', (_label, error) => {
    expect(unavailableDependency(error)).toBeUndefined();
  });
});
