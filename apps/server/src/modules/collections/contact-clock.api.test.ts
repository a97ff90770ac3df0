/**
 * The sandbox's contact clock (decision 214) and the collector's follow-ups (decision 215), on a real
 * database through real HTTP: contact is judged at the moved hour every instance reads from the
 * database, production never reads it; a follow-up puts its case first in the queue once due.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { CollectionsCode } from '@kilat/contract/console';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../db/schema.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../test/console.js';
import { makeOrder } from '../../test/factories.js';
import { seedConsoleDemo } from '../console/operators/seed.js';
import { seedFreshBorrower, seedKeysOf } from '../dev/seed/demo.js';
import { contactClockOf } from './contact-clock.js';
import { collectionCases, collectionContacts } from './tables.js';

const t = useTestApp();
let supervisor: ConsoleSession;
let order: Order;
let caseId: number;

const at = async (iso: string) => {
  t.clock.set(new Date(iso));
  supervisor = await signIn(t.app, t.clock, 'supervisor');
};
const setContactClock = async (instant: string | null) => {
  const response = await t.app.inject({ method: 'PUT', url: '/dev/collections/contact-clock', payload: { at: instant } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { offsetMs: number };
};
const logCall = (body: Record<string, unknown> = {}) =>
  consoleCall(t.app, 'POST', `/collections/cases/${caseId}/contacts`, {
    session: supervisor,
    body: { channel: 'call', outcome: 'spoke_to_borrower', note: 'test', ...body },
  });

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  // a Tuesday, 03:00 in India: outside the hours
  await at('2026-12-08T21:30:00Z');
  const { borrower } = await seedFreshBorrower(t.database.db, t.clock, Market.India, seedKeysOf(t.config), OrderStatus.Overdue);
  order = await makeOrder(t, { market: Market.India, status: OrderStatus.Overdue, borrowerId: borrower.id, disbursedDaysAgo: 96 });
  const run = await consoleCall(t.app, 'POST', '/collections/run', { session: supervisor });
  expect(run.statusCode, run.body).toBe(200);
  const [kase] = await t.database.db.select().from(collectionCases).where(eq(collectionCases.orderId, order.id));
  caseId = kase!.id;
}, SETUP_TIMEOUT_MS);

describe('the sandbox’s contact clock', () => {
  it('judges contact at the hour set in the database until it is put back, and production never reads it', async () => {
    const refused = await logCall();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe(CollectionsCode.ConductRefused);

    // 11:00 IST the same day, kept in PostgreSQL: every instance judges the same hour
    const { offsetMs } = await setContactClock('2026-12-09T11:00:00+05:30');
    expect(offsetMs).toBe(Date.parse('2026-12-09T05:30:00Z') - t.clock.now().getTime());
    const page = await consoleCall(t.app, 'GET', `/collections/cases/${caseId}`, { session: supervisor });
    expect(page.json().data.contactAllowed).toEqual({ allowed: true, reason: null });
    const logged = await logCall();
    expect(logged.statusCode, logged.body).toBe(200);
    const [row] = await t.database.db.select().from(collectionContacts).where(eq(collectionContacts.id, logged.json().data.contactId));
    expect(row!.localDate).toBe('2026-12-09');
    // time runs on from the hour set (the test clock moves a little with each call)
    expect(row!.createdAt.toISOString().slice(0, 15)).toBe('2026-12-09T05:3');

    // production's clock is the server's own, whatever the table holds
    expect((await contactClockOf(t.database.db, t.clock, true)()).getTime()).toBe(t.clock.now().getTime());
    expect((await contactClockOf(t.database.db, t.clock, false)()).getTime()).toBe(t.clock.now().getTime() + offsetMs);

    await setContactClock(null);
    expect((await logCall()).statusCode).toBe(409);
  });
});

describe('a follow-up on the contact log', () => {
  it('is refused in the past, and once due puts the case among the follow-ups due until the next contact', async () => {
    // 09:00 in India the next day, by the server's own clock
    await at('2026-12-10T03:30:00Z');
    const past = await logCall({ followUpAt: '2026-12-10T08:00:00+05:30' });
    expect(past.statusCode, past.body).toBe(400);
    const dueNow = async () =>
      (
        await consoleCall(t.app, 'GET', `/collections/cases?scope=all&orderNo=${order.orderNo}&promise=follow-up-due`, {
          session: supervisor,
        })
      ).json().data.list;

    // a follow-up tomorrow is not due today
    const tomorrow = await logCall({ followUpAt: '2026-12-11T15:00:00+05:30' });
    expect(tomorrow.statusCode, tomorrow.body).toBe(200);
    expect(await dueNow()).toEqual([]);

    // this afternoon's follow-up is due today: listed, ranked, with its time
    const later = await logCall({ followUpAt: '2026-12-10T15:00:00+05:30' });
    expect(later.statusCode, later.body).toBe(200);
    expect(await dueNow()).toEqual([expect.objectContaining({ caseId, rank: 'follow-up', followUpDue: '2026-12-10T09:30:00.000Z' })]);
    const page = await consoleCall(t.app, 'GET', `/collections/cases/${caseId}`, { session: supervisor });
    expect(page.json().data.contacts[0]).toMatchObject({ followUpAt: '2026-12-10T09:30:00.000Z' });

    // the next contact without one clears it
    expect((await logCall()).statusCode).toBe(200);
    expect(await dueNow()).toEqual([]);
  });
});
