import { Market, MarketTerms, ResultCode } from '@kilat/contract';
import type { LoanProduct } from '@kilat/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, demoSession, SETUP_TIMEOUT_MS, type TestApp } from '../../test/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
}, SETUP_TIMEOUT_MS);

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
