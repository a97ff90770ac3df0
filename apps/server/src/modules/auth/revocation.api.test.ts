/**
 * Revocation at once on every instance (issue 32, decision 129): two apps on one database, as two
 * instances behind a balancer. A session both have checked (so both keep it in their cache) is
 * ended on instance A — logout, logout everywhere, account deletion, the ops command — and the
 * next request with it on instance B is refused. The clock does not move: without the broadcast,
 * B would keep answering from its cache. With TEST_REDIS_URL the message goes through Redis
 * pub/sub; else on PostgreSQL (TEST_DATABASE_URL) through LISTEN/NOTIFY; on PGlite through the
 * one process both apps share.
 */
import { once } from 'node:events';
import { Market } from '@kilat/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operators, orders } from '../../db/schema.js';
import { call, useTestApp, useTestDatabase } from '../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../test/console.js';
import { seedConsoleDemo } from '../console/operators/seed.js';
import { AuthRepository } from './repository.js';
import { RevocationBus } from './revocations.js';
import { SessionService } from './session-service.js';

const redisUrl = process.env.TEST_REDIS_URL || undefined;
const shared = useTestDatabase();
const a = useTestApp(() => ({ database: shared, config: { redisUrl } }));
const b = useTestApp(() => ({ database: shared, seed: false, config: { redisUrl } }));
const expectedChannel = redisUrl ? 'redis' : process.env.TEST_DATABASE_URL ? 'postgres' : 'process';

interface Fresh {
  sessionId: string;
  deviceId: string;
  userId: string;
  phone: string;
}

const fresh = async (market = Market.India): Promise<Fresh> =>
  (await a.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` })).json();

/** A session call that answers 200 with a live session and 401 once it ended. */
const messagesOn = (app: typeof a.app, session: Fresh) => call(app, 'messagesUnread', { session, query: { market: 'IN' } });

/** Both instances check the session, so both hold it in their cache. */
const cachedOnBoth = async (session: Fresh) => {
  expect((await messagesOn(a.app, session)).statusCode).toBe(200);
  expect((await messagesOn(b.app, session)).statusCode).toBe(200);
};

/** Resolves once an instance has applied a revocation (the message may arrive after the call that sent it answers). */
const heardOn = (instance: typeof a) => once(instance.app.auth.revocations, 'applied');
const heardOnB = () => heardOn(b);

describe('session revocation across instances', () => {
  it(`goes through the channel configured: ${expectedChannel}`, () => {
    expect(b.app.auth.revocations.channel).toBe(expectedChannel);
  });

  it('a logout on A is refused on B at the next request', async () => {
    const session = await fresh();
    await cachedOnBoth(session);
    const heard = heardOnB();
    expect((await call(a.app, 'logout', { session, query: { market: 'IN' } })).statusCode).toBe(200);
    await heard;
    expect((await messagesOn(b.app, session)).statusCode).toBe(401);
    expect((await messagesOn(a.app, session)).statusCode).toBe(401);
  });

  it('a logout everywhere on A ends every session of the borrower on B, and only theirs', async () => {
    const session = await fresh();
    const other = await fresh();
    await cachedOnBoth(session);
    await cachedOnBoth(other);
    const heard = heardOnB();
    expect((await call(a.app, 'logoutEverywhere', { session, query: { market: 'IN' } })).statusCode).toBe(200);
    await heard;
    expect((await messagesOn(b.app, session)).statusCode).toBe(401);
    expect((await messagesOn(b.app, other)).statusCode).toBe(200);
  });

  it('an account deleted on A is signed out on B', async () => {
    const session = await fresh();
    const elsewhere = await fresh();
    // deletion needs a borrower without loans: the fresh borrower's orders go to another one
    await shared.database.db
      .update(orders)
      .set({ borrowerId: Number(elsewhere.userId) })
      .where(eq(orders.borrowerId, Number(session.userId)));
    await cachedOnBoth(session);
    const heard = heardOnB();
    const deleted = await call(a.app, 'deleteAccount', { session, query: { market: 'IN' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await heard;
    expect((await messagesOn(b.app, session)).statusCode).toBe(401);
  });

  it('`ops revoke-sessions` (a process of its own, with its own channel) reaches B', async () => {
    const session = await fresh();
    await cachedOnBoth(session);
    // what the ops command builds: a session service on the database with a bus that only publishes
    const bus = await RevocationBus.open({ database: shared.database, redisUrl, log: { warn: () => undefined } });
    try {
      // neither instance ended it: both forget it when the command's message reaches them
      const heard = Promise.all([heardOn(a), heardOnB()]);
      const command = new SessionService(new AuthRepository(shared.database.db), a.clock, 1, bus);
      expect(await command.revokeAllOf(Market.India, session.phone)).toBeGreaterThan(0);
      await heard;
    } finally {
      await bus.close();
    }
    expect((await messagesOn(b.app, session)).statusCode).toBe(401);
    expect((await messagesOn(a.app, session)).statusCode).toBe(401);
  });
});

describe('operator sessions across instances', () => {
  // the console reads its session row on every request (no cache): ending it on A ends it on B with nothing to publish
  beforeAll(async () => {
    await seedConsoleDemo(shared.database.db, a.clock);
  });
  const whoAmI = (app: typeof a.app, session: ConsoleSession) => consoleCall(app, 'GET', '/session', { session });

  it('a sign-out on A is refused on B at the next request', async () => {
    const session = await signIn(a.app, a.clock, 'agent');
    expect((await whoAmI(b.app, session)).statusCode).toBe(200);
    expect((await consoleCall(a.app, 'DELETE', '/session', { session })).statusCode).toBe(200);
    expect((await whoAmI(b.app, session)).statusCode).toBe(401);
  });

  it('an operator disabled is refused on B at the next request', async () => {
    const session = await signIn(a.app, a.clock, 'supervisor');
    expect((await whoAmI(b.app, session)).statusCode).toBe(200);
    await shared.database.db.update(operators).set({ disabledAt: a.clock.now() }).where(eq(operators.id, session.operatorId));
    try {
      expect((await whoAmI(b.app, session)).statusCode).toBe(401);
    } finally {
      await shared.database.db.update(operators).set({ disabledAt: null }).where(eq(operators.id, session.operatorId));
    }
  });
});
