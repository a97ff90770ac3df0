import { interpolate, Market, OrderStatus, ResultCode } from '@kilat/contract';
import { OTHER_CITY } from '@kilat/contract/cities';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { borrowers } from '../../db/schema.js';
import { addDays } from '../../lending/business-date.js';
import { call, useTestApp } from '../../test/app.js';
import { giveDisbursalAccount } from '../../test/disbursal.js';
import { loanApplications } from './table.js';

const t = useTestApp();

interface Fresh {
  sessionId: string;
  deviceId: string;
  userId: string;
}
/**
 * A new borrower with a validated disbursal account (issue 28: a loan needs one) and a verified sandbox
 * identity (decision 161), or (`identity: 'none'`) one who has not proved who they are yet: their stated
 * facts are all the application page can screen.
 */
const fresh = async (market: Market, identity: 'verified' | 'none' = 'verified'): Promise<Fresh> => {
  const session: Fresh = (
    await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=due&identity=${identity}` })
  ).json();
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
  it('stores an Indian application, sets the facts the decision reads and leads to loan confirm, which approves it at once', async () => {
    const session = await fresh(Market.India);
    const productId = await productOf(session, Market.India);
    const response = await apply(session, Market.India, {
      productId,
      name: 'Meera Iyer',
      salary: '45000',
      employment: 'salaried',
      city: 'Bengaluru',
      birthDate: '1994-02-11',
    });
    expect(response.statusCode).toBe(200);
    // no amount chosen: loan confirm starts at the borrower's limit (twice ₹45,000, capped at the product's ₹80,000) and the product's term
    expect(response.json().data).toEqual({ confirmUrl: `/loanConfirm?productId=${productId}&amount=8000000&term=91` });
    const borrower = await borrowerRow(Number(session.userId));
    expect(borrower).toMatchObject({
      // the verified identity document's name stays the borrower's (decision 161)
      name: 'AARAV SHARMA',
      monthlySalaryMinor: 4_500_000,
      statedBirthDate: '1994-02-11',
      employment: 'salaried',
    });
    expect(await applicationsOf(borrower.id)).toMatchObject([{ city: 'Bengaluru', salaryPeriod: 'month', salaryMinor: 4_500_000 }]);

    // ₹40,000 beside the ₹15,000 loan already open stays within the limit of twice ₹45,000 (capped at ₹80,000)
    const offer = (await call(t.app, 'loanConfirm', { session, query: { market: 'IN' }, body: { productId, amount: '4000000' } })).json()
      .data;
    const pushed = await call(t.app, 'loanPush', {
      session,
      query: { market: 'IN' },
      body: { productId, amount: String(offer.amount), periods: String(offer.periods), termUnit: String(offer.termUnit) },
    });
    expect(pushed.json().code).toBe('00');
    const orderId = new URLSearchParams(pushed.json().data.lendDetailsUrl.split('?')[1]).get('orderId')!;
    const details = (await call(t.app, 'loanDetails', { session, query: { market: 'IN' }, body: { productId, orderId } })).json().data;
    expect(details.orderStatus).toBe(OrderStatus.Disbursing);
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
      birthDate: '1992-07-01',
      married: '0',
    });
    expect(response.statusCode).toBe(200);
    expect(await borrowerRow(Number(session.userId))).toMatchObject({ monthlySalaryMinor: 800_000_000, married: false });
  });

  it('carries the amount and term chosen to loan confirm, held within the steps and the limit', async () => {
    const session = await fresh(Market.India);
    const productId = await productOf(session, Market.India);
    const body = { productId, name: 'Meera Iyer', salary: '15000', employment: 'salaried', city: 'Pune', birthDate: '1994-02-11' };
    const chosen = await apply(session, Market.India, { ...body, amount: '1230000', term: '180' });
    expect(chosen.json().data.confirmUrl).toBe(`/loanConfirm?productId=${productId}&amount=1200000&term=180`);
    // above the limit of twice ₹15,000: the limit
    const above = await apply(session, Market.India, { ...body, amount: '7000000', term: '91' });
    expect(above.json().data.confirmUrl).toBe(`/loanConfirm?productId=${productId}&amount=3000000&term=91`);
  });

  it.each([
    [Market.India, { salary: '11999' } as Record<string, string>, enIN.applicationIncomeBelowFloor, { floor: '₹12,000.00' }, 'en-IN'],
    [Market.Indonesia, { salary: '4999999' }, idID.applicationIncomeBelowFloor, { floor: 'Rp\u00a05.000.000,00' }, 'id-ID'],
    [Market.India, { birthDate: '2012-01-01' }, enIN.applicationTooYoung, {}, 'en-IN'],
  ])(
    '%s: refuses on the application page, before loan confirm, with the reason and the field (%s), storing nothing',
    async (market, change, text, values, lang) => {
      const session = await fresh(market, 'none');
      const productId = await productOf(session, market);
      const before = await borrowerRow(Number(session.userId));
      const base: Record<string, string> =
        market === Market.India
          ? { name: 'Meera Iyer', salary: '45000', city: 'Pune' }
          : { name: 'Siti Rahma', salary: '96000000', city: 'Surabaya', married: '0' };
      const response = await call(t.app, 'applicationSubmit', {
        session,
        query: { market },
        body: { productId, employment: 'salaried', birthDate: '1994-02-11', ...base, ...change },
        headers: { cookie: `kilat_lang=${lang}` },
      });
      expect(response.statusCode).toBe(422);
      // the field refused, for the page to mark it (issue 48)
      expect(response.json().data).toEqual({ field: 'floor' in values ? 'salary' : 'birthDate' });
      const today = t.clock.today(market);
      const message: string = response.json().message;
      if ('floor' in values) expect(message).toBe(interpolate(text, { ...values, date: addDays(today, 30) }));
      else expect(message).toContain(text.split('{date}')[0]!);
      expect(await applicationsOf(before.id)).toEqual([]);
      expect(await borrowerRow(before.id)).toEqual(before);
      // no lockout (decision 265): the figure corrected, the same borrower continues at once, as the message says
      const corrected = await call(t.app, 'applicationSubmit', {
        session,
        query: { market },
        body: { productId, employment: 'salaried', birthDate: '1994-02-11', ...base },
      });
      expect(corrected.statusCode).toBe(200);
    },
  );

  it('screens by the verified identity document’s birth date, not the one typed on the application', async () => {
    const session = await fresh(Market.India);
    const productId = await productOf(session, Market.India);
    // the document says 1990-04-12: a typed birth date of a child does not make the borrower one
    const body = { productId, name: 'Aarav Sharma', salary: '45000', employment: 'salaried', city: 'Pune', birthDate: '2012-01-01' };
    expect((await apply(session, Market.India, body)).statusCode).toBe(200);
  });

  it('lends to a married Indonesian under 18 (the age rule: 18 or older, or married)', async () => {
    const session = await fresh(Market.Indonesia, 'none');
    const productId = await productOf(session, Market.Indonesia);
    const [year] = t.clock.today(Market.Indonesia).split('-');
    const body = {
      productId,
      name: 'Siti Rahma',
      salary: '96000000',
      employment: 'salaried',
      city: 'Surabaya',
      birthDate: `${Number(year) - 17}-01-01`,
    };
    expect((await apply(session, Market.Indonesia, { ...body, married: '0' })).statusCode).toBe(422);
    expect((await apply(session, Market.Indonesia, { ...body, married: '1' })).statusCode).toBe(200);
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
      birthDate: '1990-03-15',
      married: '0',
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
      birthDate: '1992-07-01',
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
    const body = {
      productId: idProduct,
      name: 'Meera Iyer',
      salary: '45000',
      employment: 'salaried',
      city: 'Pune',
      birthDate: '1994-02-11',
    };
    expect((await apply(india, Market.India, body)).statusCode).toBe(404);
    expect((await apply(undefined, Market.India, body)).statusCode).toBe(401);
    expect(await applicationsOf(Number(india.userId))).toEqual([]);
  });

  it('takes two submits at once, each stored, leaving one consistent borrower', async () => {
    const session = await fresh(Market.India);
    const productId = await productOf(session, Market.India);
    const body = { productId, name: 'Meera Iyer', salary: '45000', employment: 'salaried', city: 'Pune', birthDate: '1994-02-11' };
    const [a, b] = await Promise.all([apply(session, Market.India, body), apply(session, Market.India, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await applicationsOf(Number(session.userId))).toHaveLength(2);
    expect(await borrowerRow(Number(session.userId))).toMatchObject({ monthlySalaryMinor: 4_500_000 });
  });
});

describe("a returning borrower's last application (issue 48)", () => {
  const last = (session: Fresh | undefined, market: Market) => call(t.app, 'lastApplication', { session, query: { market } });

  it('is none before the first application, then what they gave last time, the newest first', async () => {
    const session = await fresh(Market.Indonesia, 'none');
    expect((await last(session, Market.Indonesia)).json()).toEqual({ code: '00', message: 'success', data: null });
    const productId = await productOf(session, Market.Indonesia);
    const given = { productId, name: 'Siti Rahma', salary: '90000000', employment: 'salaried', city: 'Bandung', birthDate: '1990-05-04' };
    expect((await apply(session, Market.Indonesia, { ...given, married: '0' })).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await apply(session, Market.Indonesia, { ...given, salary: '96000000', city: 'Surabaya', married: '1' })).statusCode).toBe(200);
    expect((await last(session, Market.Indonesia)).json().data).toEqual({
      name: 'Siti Rahma',
      salary: '96000000',
      employment: 'salaried',
      city: 'Surabaya',
      birthDate: '1990-05-04',
      married: '1',
      givenAt: expect.any(String),
      identityVerified: false,
    });
  });

  it("offers a verified identity's name and birth date, which the next application keeps verified", async () => {
    const session = await fresh(Market.India);
    const productId = await productOf(session, Market.India);
    const given = { productId, name: 'Meera Iyer', salary: '45000', employment: 'salaried', city: 'Pune', birthDate: '1994-02-11' };
    expect((await apply(session, Market.India, given)).statusCode).toBe(200);
    const data = (await last(session, Market.India)).json().data;
    expect(data).toMatchObject({ name: 'AARAV SHARMA', salary: '45000', city: 'Pune', married: '', identityVerified: true });
    expect(data.birthDate).not.toBe('1994-02-11');
    // applying again with what was offered leaves the identity as it was
    expect((await apply(session, Market.India, { ...given, name: data.name, birthDate: data.birthDate })).statusCode).toBe(200);
    expect((await last(session, Market.India)).json().data.identityVerified).toBe(true);
  });

  it("is the session borrower's own: another borrower's application is never offered, and none without a session", async () => {
    const first = await fresh(Market.India, 'none');
    const productId = await productOf(first, Market.India);
    await apply(first, Market.India, {
      productId,
      name: 'Ravi Kumar',
      salary: '50000',
      employment: 'other',
      city: 'Pune',
      birthDate: '1990-01-01',
    });
    const second = await fresh(Market.India, 'none');
    expect((await last(second, Market.India)).json().data).toBeNull();
    expect((await last(undefined, Market.India)).statusCode).toBe(401);
  });
});
