import { interpolate, Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { borrowers, orders } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';
import { loanApplications } from '../applications/table.js';

const t = useTestApp();

interface Fresh {
  sessionId: string;
  deviceId: string;
  userId: string;
  phone: string;
  orders: { orderNo: string; status: number }[];
}
const fresh = async (market: Market): Promise<Fresh> =>
  (await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` })).json();

/** A borrower without any loan: a fresh one whose orders are moved to another fresh borrower. */
const borrowerWithoutLoans = async (market: Market): Promise<Fresh> => {
  const session = await fresh(market);
  const elsewhere = await fresh(market);
  await t.database.db
    .update(orders)
    .set({ borrowerId: Number(elsewhere.userId) })
    .where(eq(orders.borrowerId, Number(session.userId)));
  return session;
};

const contact = (session: Pick<Fresh, 'sessionId' | 'deviceId'>) =>
  call(t.app, 'contactInfo', { session, query: { market: 'IN' }, body: { overall: '30' } });

const loginCode = (phone: string) => call(t.app, 'loginCode', { query: { market: 'IN' }, body: { phone } });
const inbox = async (phone: string) => (await t.app.inject({ method: 'GET', url: `/dev/sms?phone=${phone}` })).json().data as unknown[];

describe('logout everywhere', () => {
  it("ends every session of the borrower, and no one else's", async () => {
    const session = await fresh(Market.India);
    const other = await fresh(Market.India);
    const response = await call(t.app, 'logoutEverywhere', { session, query: { market: 'IN' } });
    expect(response.json()).toEqual({ code: '00', message: 'success', data: null });
    t.clock.advance(31_000); // past the short session cache
    expect((await contact(session)).statusCode).toBe(401);
    expect((await contact(other)).statusCode).toBe(200);
  });

  it('refuses without a session', async () => {
    expect((await call(t.app, 'logoutEverywhere', { query: { market: 'IN' } })).statusCode).toBe(401);
  });
});

describe('delete account', () => {
  it('is refused with the reason while a loan is open, in the borrower language, and changes nothing', async () => {
    const session = await fresh(Market.India);
    const response = await call(t.app, 'deleteAccount', { session, query: { market: 'IN' } });
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body.code).toBe(ResultCode.AccountHasOpenLoan);
    const orderNo = /\((KL[^)]+)\)/.exec(body.message)?.[1] ?? '';
    expect(body.message).toBe(interpolate(enIN.accountDeleteLoanOpen, { orderNo }));
    expect(session.orders.map((order) => order.orderNo)).toContain(orderNo);
    expect((await contact(session)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(borrowers)
      .where(eq(borrowers.id, Number(session.userId)));
    expect(row!.phone).toBe(session.phone);
  });

  it('deletes an account with no open loan: sessions end, the phone can no longer log in, the records stay', async () => {
    const session = await borrowerWithoutLoans(Market.India);
    const id = Number(session.userId);
    await t.database.db
      .insert(loanApplications)
      .values({ borrowerId: id, productId: 1, name: 'Meera', salaryMinor: 1, salaryPeriod: 'month', employment: 'other', city: 'Pune' });
    const response = await call(t.app, 'deleteAccount', { session, query: { market: 'IN' } });
    expect(response.json()).toEqual({ code: '00', message: 'success', data: null });
    expect((await contact(session)).statusCode).toBe(401);
    // a login code for the phone is answered as for any unknown phone: no account (decision 138), nothing is sent
    const before = (await inbox(session.phone)).length;
    t.clock.advance(61_000);
    expect((await loginCode(session.phone)).json().code).toBe(ResultCode.NoAccount);
    expect((await inbox(session.phone)).length).toBe(before);
    const [row] = await t.database.db.select().from(borrowers).where(eq(borrowers.id, id));
    expect(row).toMatchObject({ phone: `deleted-${id}`, name: '' });
    expect(await t.database.db.select().from(loanApplications).where(eq(loanApplications.borrowerId, id))).toHaveLength(1);
  });

  it('answers two deletions at once without harm', async () => {
    const session = await borrowerWithoutLoans(Market.Indonesia);
    const [a, b] = await Promise.all([
      call(t.app, 'deleteAccount', { session, query: { market: 'ID' } }),
      call(t.app, 'deleteAccount', { session, query: { market: 'ID' } }),
    ]);
    // the first deletes; the second finds the session already ended or deletes the same row again
    expect([a.statusCode, b.statusCode]).toContain(200);
    for (const response of [a, b]) expect([200, 401]).toContain(response.statusCode);
    const [row] = await t.database.db
      .select()
      .from(borrowers)
      .where(eq(borrowers.id, Number(session.userId)));
    expect(row!.phone).toBe(`deleted-${session.userId}`);
  });

  it('refuses without a session', async () => {
    expect((await call(t.app, 'deleteAccount', { query: { market: 'IN' } })).statusCode).toBe(401);
  });
});

describe('asking before "Delete for good?" (issue 48)', () => {
  it('refuses with the open loan, as the deletion would, and changes nothing', async () => {
    const session = await fresh(Market.India);
    const response = await call(t.app, 'deleteAccountCheck', { session, query: { market: 'IN' } });
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body.code).toBe(ResultCode.AccountHasOpenLoan);
    const orderNo = /\((KL[^)]+)\)/.exec(body.message)?.[1] ?? '';
    expect(body.message).toBe(interpolate(enIN.accountDeleteLoanOpen, { orderNo }));
    expect((await contact(session)).statusCode).toBe(200);
  });

  it('answers yes with no open loan, and deletes nothing: the session still works', async () => {
    const session = await borrowerWithoutLoans(Market.Indonesia);
    expect((await call(t.app, 'deleteAccountCheck', { session, query: { market: 'ID' } })).json()).toEqual({
      code: '00',
      message: 'success',
      data: null,
    });
    expect((await contact(session)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(borrowers)
      .where(eq(borrowers.id, Number(session.userId)));
    expect(row!.phone).toBe(session.phone);
  });

  it('refuses without a session', async () => {
    expect((await call(t.app, 'deleteAccountCheck', { query: { market: 'IN' } })).statusCode).toBe(401);
  });
});
