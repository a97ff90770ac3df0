import { Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jointLoginEvents, recommendedProducts } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';

const t = useTestApp();

const productByCode = async (market: Market, code: string) =>
  (
    await t.database.db
      .select()
      .from(recommendedProducts)
      .where(and(eq(recommendedProducts.market, market), eq(recommendedProducts.code, code)))
  )[0]!;

// the form client of spec §7: its extra headers come from the page address
const formHeaders = { swift: 'swift-from-page', eyes: 'eyes-from-page', 'x-requested-with': 'XMLHttpRequest' };

describe('targeted: the joint-login failure page', () => {
  it('answers status 0 with the headline, the notice and the products, each with its clickable flag, without a session', async () => {
    const response = await call(t.app, 'jointLoginFailure', { query: { market: 'IN' }, body: { approaches: '' }, headers: formHeaders });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: '0', message: 'success' });
    expect(body).not.toHaveProperty('code');
    expect(body.data.headline).toBe(enIN.jointLoginHeadline);
    expect(body.data.notice).toBe(enIN.jointLoginNotice);
    expect(body.data.list.map((product: { name: string; clickable: number }) => [product.name, product.clickable])).toEqual([
      ['Rupee Rocket', 1],
      ['CashNest', 1],
      ['SalaryPlus', 0],
    ]);
    expect(body.data.list[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      clickable: 1,
      logo: expect.stringMatching(/^\/logos\/[a-z0-9-]+\.svg$/),
      name: 'Rupee Rocket',
      buttonLabel: 'Apply',
      rangeText: '₹2,000.00 – ₹50,000.00',
      rangeDescription: 'Loan amount',
      rateText: '0.05% per day',
      description: 'Approval in 10 minutes',
    });
  });

  it('speaks Indonesian to the Indonesian market and leaves out the product whose login failed (approaches)', async () => {
    const failed = await productByCode(Market.Indonesia, 'ID-DANA-CEPAT');
    const body = (await call(t.app, 'jointLoginFailure', { query: { market: 'ID' }, body: { approaches: String(failed.id) } })).json();
    expect(body.data.headline).toBe(idID.jointLoginHeadline);
    expect(body.data.list.map((product: { name: string }) => product.name)).toEqual(['Kantong Aman', 'Gajian Plus']);
  });
});

describe('necessity: the tap on a product', () => {
  it('records the product id, the constant 18 and the row index, with status 0', async () => {
    const product = await productByCode(Market.India, 'IN-CASHNEST');
    const response = await call(t.app, 'jointLoginProductEvent', {
      query: { market: 'IN' },
      body: { approaches: String(product.id), source: '18', position: '1' },
      headers: formHeaders,
    });
    expect(response.json()).toEqual({ status: '0', message: 'success', data: null });
    const events = await t.database.db.select().from(jointLoginEvents).where(eq(jointLoginEvents.productId, product.id));
    expect(events).toEqual([expect.objectContaining({ source: 18, position: 1 })]);
  });

  it('refuses any constant other than 18, naming the field, and records nothing', async () => {
    const product = await productByCode(Market.India, 'IN-RUPEE-ROCKET');
    const response = await call(t.app, 'jointLoginProductEvent', {
      query: { market: 'IN' },
      body: { approaches: String(product.id), source: '17', position: '0' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: ResultCode.InvalidRequest,
      message: enIN.invalidRequest.replace('{fields}', 'source'),
      data: null,
    });
    expect(await t.database.db.select().from(jointLoginEvents).where(eq(jointLoginEvents.productId, product.id))).toEqual([]);
  });

  it('answers 404 with a status field for an unknown product', async () => {
    const response = await call(t.app, 'jointLoginProductEvent', {
      query: { market: 'ID' },
      body: { approaches: 'abc', source: '18', position: '0' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: ResultCode.NotFound, message: idID.notFound, data: null });
  });
});

describe('joint: apply for a product', () => {
  const joint = (market: Market, productId: string) =>
    call(t.app, 'jointLoginApply', { query: { market }, body: { productId }, headers: formHeaders });

  it('answers status 0 with the http URL the page navigates to', async () => {
    const product = await productByCode(Market.India, 'IN-RUPEE-ROCKET');
    expect((await joint(Market.India, String(product.id))).json()).toEqual({
      status: '0',
      message: 'success',
      data: { url: 'https://partners.kilat.example/in/rupee-rocket' },
    });
  });

  it('answers a native target the page hands to the native bridge', async () => {
    const product = await productByCode(Market.Indonesia, 'ID-KANTONG');
    expect((await joint(Market.Indonesia, String(product.id))).json().data).toEqual({ url: 'kilat://product?code=ID-KANTONG' });
  });

  it('refuses a product that is not clickable, with a message for the toast', async () => {
    const product = await productByCode(Market.India, 'IN-SALARYPLUS');
    const response = await joint(Market.India, String(product.id));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: ResultCode.InvalidRequest, message: enIN.productUnavailable, data: null });
  });

  it('answers 404 for a product of another market', async () => {
    const product = await productByCode(Market.India, 'IN-RUPEE-ROCKET');
    const response = await joint(Market.Indonesia, String(product.id));
    expect(response.json()).toEqual({ status: ResultCode.NotFound, message: idID.notFound, data: null });
  });
});
