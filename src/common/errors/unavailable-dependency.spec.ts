import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isUnavailableDependency } from './unavailable-dependency';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isUnavailableDependency', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a server shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection failure', withCode('connection failure', '08006')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a query on a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['a query on a closed client', new Error('Client was closed and is not queryable')],
    ["a transaction's next query once its connection broke", new QueryRunnerAlreadyReleasedError()],
    ["a transaction's batched statement once its connection broke", new QueryRunnerProviderAlreadyReleasedError()],
    [
      "the driver's error wrapped by TypeORM",
      new QueryFailedError('SELECT 1', [], withCode('terminating connection due to administrator command', '57P01')),
    ],
    ['an error chained as cause', new Error('could not save', { cause: withCode('read ECONNRESET', 'ECONNRESET') })],
  ])('holds for %s', (_, error) => {
    expect(isUnavailableDependency(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], withCode('duplicate key value', '23505'))],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something not an error', 'ECONNREFUSED'],
  ])('does not hold for %s', (_, error) => {
    expect(isUnavailableDependency(error)).toBe(false);
  });
});
