import { interpolate, Market, OrderStatus, ResultCode } from '@kilat/contract';
import { OTHER_CITY } from '@kilat/contract/cities';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { borrowers } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';
import { giveDisbursalAccount } from '../../test/disbursal.js';
import { loanApplications } from './table.js';

const t = useTestApp();

interface Fresh {
  sessionId: string;
  deviceId: string;
  userId: string;
}
/** A new borrower with a validated disbursal account (issue 28: a loan needs one). */
const fresh = async (market: Market): Promise<Fresh> => {
  const session: Fresh = (await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` })).json();
  await giveDisbursalAccount(t, Number(session.userId));
  return session;
};

const productOf = async (session: Fresh, market: Market): Promise<string> =>
  (await call(t.app, 'loanProducts', { session, query: { market } })).json().data.list[0].productId;

const apply = (session: Fresh | undefined, market: Market, body: Record<string, string>) =>
  call(t.app, 'applicationSubmit', { session, query: { market }, body });

const applicationsOf = (borrowerId: number) =>
  t.database.db.select().from(loanApplications).where(eq(loanApplications.borrowerId, borrowerId));

const borrowerRow = async (borrowerId: number) => (await t.database.db.select().from(borrowers).where(eq(borrowers.id, borrowerId)))[0]!;

describe('the application before loan confirm', () => {
  it('stores an Indian application, sets the monthly salary underwriting reads and leads to loan confirm, which approves it', async () => {
    const session = await fresh(Market.India);
    const productId = await productOf(session, Market.India);
    const response = await apply(session, Market.India, {
      productId,
      name: 'Meera Iyer',
      salary: '45000',
      employment: 'salaried',
      city: 'Bengaluru',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ confirmUrl: `/loanConfirm?productId=${productId}` });
    const borrower = await borrowerRow(Number(session.userId));
    expect(borrower).toMatchObject({ name: 'Meera Iyer', monthlySalaryMinor: 4_500_000 });
    expect(await applicationsOf(borrower.id)).toMatchObject([{ city: 'Bengaluru', salaryPeriod: 'month', salaryMinor: 4_500_000 }]);

    const offer = (await call(t.app, 'loanConfirm', { session, query: { market: 'IN' }, body: { productId } })).json().data;
    const pushed = await call(t.app, 'loanPush', {
      session,
      query: { market: 'IN' },
      body: { productId, amount: String(offer.amount), periods: String(offer.periods), termUnit: String(offer.termUnit) },
    });
    expect(pushed.json().code).toBe('00');
    t.clock.advance(24 * 3_600_000);
    const orderId = new URLSearchParams(pushed.json().data.lendDetailsUrl.split('?')[1]).get('orderId')!;
    const details = (await call(t.app, 'loanDetails', { session, query: { market: 'IN' }, body: { productId, orderId } })).json().data;
    expect(details.orderStatus).not.toBe(OrderStatus.Rejected);
  });

  it('reads an Indonesian salary as a year', async () => {
    const session = await fresh(Market.Indonesia);
    const productId = await productOf(session, Market.Indonesia);
    const response = await apply(session, Market.Indonesia, {
      productId,
      name: 'Siti Rahma',
      salary: '96000000',
      employment: 'self-employed',
      city: 'Surabaya',
    });
    expect(response.statusCode).toBe(200);
    expect(await borrowerRow(Number(session.userId))).toMatchObject({ monthlySalaryMinor: 800_000_000 });
  });

  it("takes the 'other city' choice of a town not in the list (issue 30)", async () => {
    const session = await fresh(Market.Indonesia);
    const productId = await productOf(session, Market.Indonesia);
    const response = await apply(session, Market.Indonesia, {
      productId,
      name: 'Siti Rahma',
      salary: '96000000',
      employment: 'salaried',
      city: OTHER_CITY,
    });
    expect(response.statusCode).toBe(200);
    expect(await applicationsOf(Number(session.userId))).toMatchObject([{ city: OTHER_CITY }]);
  });

  it.each([
    ['an empty name', 'name', { name: ' ' }],
    ['a name of digits', 'name', { name: '12345' }],
    ['a salary of zero', 'salary', { salary: '0' }],
    ['a salary with letters', 'salary', { salary: '12k' }],
    ['an unknown employment', 'employment', { employment: 'astronaut' }],
    ["another market's city", 'city', { city: 'Mumbai' }],
    ['a city not on the list', 'city', { city: 'Atlantis' }],
  ])('refuses %s, naming the field (%s) in the borrower language, and stores nothing', async (_, field, change) => {
    const session = await fresh(Market.Indonesia);
    const productId = await productOf(session, Market.Indonesia);
    const before = await borrowerRow(Number(session.userId));
    const response = await apply(session, Market.Indonesia, {
      productId,
      name: 'Siti Rahma',
      salary: '96000000',
      employment: 'salaried',
      city: 'Surabaya',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ResultCode.InvalidRequest);
    expect(response.json().message).toBe(interpolate(idID.invalidRequest, { fields: field }));
    expect(await applicationsOf(before.id)).toEqual([]);
    expect(await borrowerRow(before.id)).toEqual(before);
  });

  it("answers 404 for another market's product and 401 without a session", async () => {
    const india = await fresh(Market.India);
    const indonesia = await fresh(Market.Indonesia);
    const idProduct = await productOf(indonesia, Market.Indonesia);
    const body = { productId: idProduct, name: 'Meera Iyer', salary: '45000', employment: 'salaried', city: 'Pune' };
    expect((await apply(india, Market.India, body)).statusCode).toBe(404);
    expect((await apply(undefined, Market.India, body)).statusCode).toBe(401);
    expect(await applicationsOf(Number(india.userId))).toEqual([]);
  });

  it('takes two submits at once, each stored, leaving one consistent borrower', async () => {
    const session = await fresh(Market.India);
    const productId = await productOf(session, Market.India);
    const body = { productId, name: 'Meera Iyer', salary: '45000', employment: 'salaried', city: 'Pune' };
    const [a, b] = await Promise.all([apply(session, Market.India, body), apply(session, Market.India, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await applicationsOf(Number(session.userId))).toHaveLength(2);
    expect(await borrowerRow(Number(session.userId))).toMatchObject({ monthlySalaryMinor: 4_500_000 });
  });
});
