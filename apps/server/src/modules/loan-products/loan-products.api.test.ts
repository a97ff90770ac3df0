import { Market, MarketTerms, ResultCode } from '@kilat/contract';
import type { LoanProduct, LoanProductDetail } from '@kilat/contract/schemas';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { describe, expect, it } from 'vitest';
import { call, demoSession, useTestApp } from '../../test/app.js';

const t = useTestApp();

describe("the lending products of the borrower's market", () => {
  it.each([Market.India, Market.Indonesia])('lists only active %s products, within the market amount range', async (market) => {
    const session = await demoSession(t.app, market);
    const response = await call(t.app, 'loanProducts', { session, query: { market } });
    expect(response.statusCode).toBe(200);
    const list: LoanProduct[] = response.json().data.list;
    expect(list.length).toBeGreaterThan(0);
    for (const product of list) {
      expect(product.amountMin).toBeGreaterThanOrEqual(MarketTerms[market].amountMinMinor);
      expect(product.amountMax).toBeLessThanOrEqual(MarketTerms[market].amountMaxMinor);
      expect(product.termDays).toBeGreaterThan(0);
    }
    // the offer page of each listed product answers for this borrower: the list names only products they can apply for
    const offer = await call(t.app, 'loanConfirm', { session, query: { market }, body: { productId: list[0]!.productId } });
    expect(offer.json().code).toBe('00');
  });

  it("never lists another market's products", async () => {
    const india = await demoSession(t.app, Market.India);
    const indonesia = await demoSession(t.app, Market.Indonesia);
    const inIds = (await call(t.app, 'loanProducts', { session: india, query: { market: 'IN' } }))
      .json()
      .data.list.map((product: LoanProduct) => product.productId);
    const idIds = (await call(t.app, 'loanProducts', { session: indonesia, query: { market: 'ID' } }))
      .json()
      .data.list.map((product: LoanProduct) => product.productId);
    expect(inIds.filter((id: string) => idIds.includes(id))).toEqual([]);
  });

  it('refuses a call without a session with 401', async () => {
    const response = await call(t.app, 'loanProducts', { query: { market: 'IN' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ResultCode.Unauthenticated);
  });

  it('answers two calls at once alike', async () => {
    const session = await demoSession(t.app, Market.India);
    const [a, b] = await Promise.all([
      call(t.app, 'loanProducts', { session, query: { market: 'IN' } }),
      call(t.app, 'loanProducts', { session, query: { market: 'IN' } }),
    ]);
    expect(a.json()).toEqual(b.json());
  });
});

const detail = (session: { sessionId: string; deviceId: string } | undefined, market: Market, productId: string) =>
  call(t.app, 'loanProductDetail', { session, query: { market }, body: { productId } });

const firstProductId = async (session: { sessionId: string; deviceId: string }, market: Market): Promise<string> =>
  (await call(t.app, 'loanProducts', { session, query: { market } })).json().data.list[0].productId;

describe('product detail', () => {
  it.each([Market.India, Market.Indonesia])(
    'prices the %s product and works an example that costs what loan confirm offers for the same product',
    async (market) => {
      const session = await demoSession(t.app, market);
      const productId = await firstProductId(session, market);
      const response = await detail(session, market, productId);
      expect(response.statusCode).toBe(200);
      const data: LoanProductDetail = response.json().data;
      const offer = (await call(t.app, 'loanConfirm', { session, query: { market }, body: { productId } })).json().data;
      expect(data.example.amount).toBe(offer.amount);
      const planned = offer.repay_plans.map((plan: { pay_time: string; amount: number }) => ({
        dueDate: plan.pay_time,
        amount: plan.amount,
      }));
      expect(data.example.repayments).toEqual(planned);
      expect(data.example.total).toBe(planned.reduce((sum: number, plan: { amount: number }) => sum + plan.amount, 0));
      expect(data.example.total).toBe(data.example.amount + data.example.interest + data.example.fee);
      expect(data.example.apr).toBe(offer.sp_rate);
      expect(data.prices.map((row) => row.text)).toContain(market === Market.India ? enIN.loanPenalty : idID.loanPenalty);
    },
  );

  it("answers 404 for another market's product, an unknown one and a malformed id, and 400 without one", async () => {
    const india = await demoSession(t.app, Market.India);
    const indonesia = await demoSession(t.app, Market.Indonesia);
    const idProduct = await firstProductId(indonesia, Market.Indonesia);
    expect((await detail(india, Market.India, idProduct)).statusCode).toBe(404);
    expect((await detail(india, Market.India, '999999999')).statusCode).toBe(404);
    expect((await detail(india, Market.India, 'abc')).statusCode).toBe(404);
    const missing = await call(t.app, 'loanProductDetail', { session: india, query: { market: 'IN' }, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(ResultCode.InvalidRequest);
  });

  it('refuses product detail without a session, and answers two calls at once alike', async () => {
    const session = await demoSession(t.app, Market.India);
    const productId = await firstProductId(session, Market.India);
    expect((await detail(undefined, Market.India, productId)).statusCode).toBe(401);
    const [a, b] = await Promise.all([detail(session, Market.India, productId), detail(session, Market.India, productId)]);
    expect(a.json()).toEqual(b.json());
  });
});
