import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDependencyDown } from './dependency-down.js';

/** A port nothing listens on any more: a connection to it is refused. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyDown', () => {
  it('takes PostgreSQL restarting, shutting down or unreachable for a dependency down', () => {
    expect(isDependencyDown(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDependencyDown(withCode('the database system is shutting down', '57P03'))).toBe(true);
    expect(isDependencyDown(withCode('connection failure', '08006'))).toBe(true);
    expect(isDependencyDown(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDependencyDown(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('takes what node-postgres really throws when PostgreSQL is not there for a dependency down', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'kilat', database: 'kilat' });
    const failure = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).not.toBeNull();
    expect(isDependencyDown(failure)).toBe(true);
  });

  it('finds the refused connection inside drizzle’s wrapper and Node’s AggregateError', () => {
    const refused = new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '');
    expect(isDependencyDown(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isDependencyDown(new Error('Failed query', { cause: withCode('terminating connection', '57P01') }))).toBe(true);
  });

  it('takes Redis and the object store going away for a dependency down', () => {
    expect(isDependencyDown(new Error('Connection is closed.'))).toBe(true);
    expect(
      isDependencyDown(
        Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' }),
      ),
    ).toBe(true);
    expect(isDependencyDown(withCode('connect ECONNREFUSED 127.0.0.1:9000', 'ECONNREFUSED'))).toBe(true);
  });

  it('leaves a bug, a constraint and a bad statement a 500', () => {
    expect(isDependencyDown(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyDown(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDependencyDown(withCode('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isDependencyDown(withCode('canceling statement due to statement timeout', '57014'))).toBe(false);
    expect(isDependencyDown(null)).toBe(false);
    expect(isDependencyDown('ECONNREFUSED')).toBe(false);
  });
});
