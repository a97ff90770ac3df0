/**
 * Issue 15: loan details at the floor. After a borrower's first call (its session checked, the
 * catalogue read), a call reads the database exactly once: the order with its schedule, ledger,
 * product and rating in one statement (decision 101), the session and the catalogue from memory
 * (decision 100). Counted on the database client, so a query added later fails this test.
 */
import { Market } from '@kilat/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, demoSession, useTestApp } from '../../test/app.js';

const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Statements sent to the database while `work` runs (every driver call goes through the client's `query`). */
const statementsDuring = async (work: () => Promise<unknown>) => {
  // drizzle keeps the driver's client (PGlite, or the pg pool) as $client
  const { $client: client } = t.database.db as unknown as { $client: { query: (...args: never[]) => Promise<unknown> } };
  const query = vi.spyOn(client, 'query');
  await work();
  const sent = query.mock.calls.length;
  query.mockRestore();
  return sent;
};

describe('loan details reads', () => {
  it('reads the database once per call once the session and the catalogue are in memory, and answers the same', async () => {
    const session = await demoSession(t.app, Market.India);
    const ids = { orderId: session.orderId, productId: session.productId };
    const first = await call(t.app, 'loanDetails', { session, body: ids });
    expect(first.json().code).toBe('00');
    expect(first.json().data.recProducts.length).toBeGreaterThan(0);

    let again: Awaited<ReturnType<typeof call>> | undefined;
    const sent = await statementsDuring(async () => {
      again = await call(t.app, 'loanDetails', { session, body: ids });
    });
    expect(sent).toBe(1);
    expect(again!.json()).toEqual(first.json());
  });

  it("still answers another borrower's order with 403 and a missing one with 404", async () => {
    const india = await demoSession(t.app, Market.India);
    const indonesia = await demoSession(t.app, Market.Indonesia);
    const others = await call(t.app, 'loanDetails', {
      session: india,
      body: { orderId: indonesia.orderId, productId: indonesia.productId },
    });
    expect(others.statusCode).toBe(403);
    const missing = await call(t.app, 'loanDetails', { session: india, body: { orderId: '999999999', productId: india.productId } });
    expect(missing.statusCode).toBe(404);
  });
});
