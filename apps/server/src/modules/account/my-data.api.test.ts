/** The borrower's own data as a file (issue 49 item 5, decision 225): theirs only, no secrets. */
import { Market } from '@kilat/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { borrowers, orders, payments } from '../../db/schema.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { identityChecks } from '../identity/table.js';
import { borrowerMessages } from '../messages/table.js';

const t = useTestApp();
let india: DemoSession;
let indonesia: DemoSession;

beforeAll(async () => {
  [india, indonesia] = await Promise.all([demoSession(t.app, Market.India), demoSession(t.app, Market.Indonesia)]);
}, SETUP_TIMEOUT_MS);

const SECRETS = [
  'numberSealed',
  'number_sealed',
  'providerRef',
  'selfieUpload',
  'documentUpload',
  'repayTokenHash',
  'tokenHash',
  'vcode',
  'cardId',
];

describe('my data', () => {
  it('holds the borrower’s profile, identity checks, orders, payments and messages, and nobody else’s', async () => {
    const response = await call(t.app, 'myData', { session: india, query: { market: 'IN' } });
    expect(response.json().code).toBe('00');
    const { data } = response.json();
    const borrowerId = Number(india.userId);
    const [own, others, ownPayments, ownMessages, ownChecks] = await Promise.all([
      t.database.db.select().from(orders).where(eq(orders.borrowerId, borrowerId)),
      t.database.db
        .select()
        .from(orders)
        .where(eq(orders.borrowerId, Number(indonesia.userId))),
      t.database.db.select().from(payments).where(eq(payments.borrowerId, borrowerId)),
      t.database.db.select().from(borrowerMessages).where(eq(borrowerMessages.borrowerId, borrowerId)),
      t.database.db.select().from(identityChecks).where(eq(identityChecks.borrowerId, borrowerId)),
    ]);
    expect(own.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    const [profile] = await t.database.db.select().from(borrowers).where(eq(borrowers.id, borrowerId));
    expect(data.profile.phone).toBe(profile!.phone);
    expect(data.profile.market).toBe('IN');
    expect(data.orders.map((order: { orderNo: string }) => order.orderNo).sort()).toEqual(own.map((order) => order.orderNo).sort());
    for (const order of others) expect(JSON.stringify(data)).not.toContain(order.orderNo);
    expect(data.payments).toHaveLength(ownPayments.length);
    expect(data.messages).toHaveLength(ownMessages.length);
    expect(data.identityChecks).toHaveLength(ownChecks.length);
    const text = JSON.stringify(data);
    for (const secret of SECRETS) expect(text).not.toContain(`"${secret}"`);
    for (const check of ownChecks) expect(text).not.toContain(check.numberSealed);
    expect(text).not.toContain(india.sessionId);
  });

  it('is refused without a session', async () => {
    const response = await call(t.app, 'myData', { query: { market: 'IN' } });
    expect(response.json().code).not.toBe('00');
  });
});
