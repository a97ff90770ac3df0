import { Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recommendEvents, recommendedProducts } from '../../db/schema.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';

const t = useTestApp();
let india: DemoSession;
let indonesia: DemoSession;

beforeAll(async () => {
  india = await demoSession(t.app, Market.India);
  indonesia = await demoSession(t.app, Market.Indonesia);
}, SETUP_TIMEOUT_MS);

const list = (session: DemoSession, scene: string) => call(t.app, 'recommendedProducts', { session, body: { scene } });

const productByCode = async (market: Market, code: string) =>
  (
    await t.database.db
      .select()
      .from(recommendedProducts)
      .where(and(eq(recommendedProducts.market, market), eq(recommendedProducts.code, code)))
  )[0]!;

const eventsOf = (productId: number) => t.database.db.select().from(recommendEvents).where(eq(recommendEvents.productId, productId));

describe('recommend-product-list', () => {
  it("lists the scene's products of the borrower's market with every field of spec §3, and the scene's module id, with code 00", async () => {
    const response = await list(india, 'relevant');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe('00');
    expect(body.data.moduleId).toBe(300);
    expect(body.data.list.map((product: { productName: string }) => product.productName)).toEqual([
      'Rupee Rocket',
      'CashNest',
      'SalaryPlus',
    ]);
    expect(body.data.list[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      productLogo: expect.stringMatching(/^\/logos\/[a-z0-9-]+\.svg$/),
      productName: 'Rupee Rocket',
      amountRange: '₹2,000.00 – ₹50,000.00',
      amountRangeDes: 'Loan amount',
      loan_rate: '0.05% per day',
      productDesc: 'Approval in 10 minutes',
      productTags: ['Fast approval', 'No collateral'],
      buttonText: 'Apply',
      buttonStatus: 1,
    });
  });

  it('marks a product that takes no applications with buttonStatus 0', async () => {
    const products = (await list(indonesia, 'relevant')).json().data.list;
    expect(products.map((product: { buttonStatus: number }) => product.buttonStatus)).toEqual([1, 1, 0]);
    expect(products[2]).toMatchObject({ productName: 'Gajian Plus', buttonText: 'Penuh hari ini' });
  });

  it.each([
    ['banner', 301, ['Rupee Rocket']],
    ['popup', 301, ['Rupee Rocket']],
    ['bag', 302, ['CashNest']],
    ['relevant', 300, ['Rupee Rocket', 'CashNest', 'SalaryPlus']],
  ])('gives the %s scene module id %i and its own products', async (scene, moduleId, names) => {
    const data = (await list(india, scene)).json().data;
    expect(data.moduleId).toBe(moduleId);
    expect(data.list.map((product: { productName: string }) => product.productName)).toEqual(names);
  });

  it('answers an empty list for a scene without products, so the page shows its empty state', async () => {
    expect((await list(india, 'no_products_here')).json().data).toEqual({ list: [], moduleId: 300 });
  });

  it('needs a session', async () => {
    const response = await call(t.app, 'recommendedProducts', { query: { market: 'IN' }, body: { scene: 'relevant' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: ResultCode.Unauthenticated, message: enIN.unauthenticated, data: null });
  });

  it('refuses a request without a scene, naming the field', async () => {
    const response = await call(t.app, 'recommendedProducts', { session: india, body: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ResultCode.InvalidRequest,
      message: enIN.invalidRequest.replace('{fields}', 'scene'),
      data: null,
    });
  });
});

describe('pageEvent/save', () => {
  it('stores the product, module and position of the event for the borrower', async () => {
    const product = await productByCode(Market.India, 'IN-CASHNEST');
    const response = await call(t.app, 'pageEvent', {
      session: india,
      body: { productId: String(product.id), moduleId: '302', positionId: '1' },
    });
    expect(response.json()).toEqual({ code: '00', message: 'success', data: null });
    expect(await eventsOf(product.id)).toEqual([
      expect.objectContaining({ kind: 'page_event', borrowerId: Number(india.userId), moduleId: 302, positionId: 1 }),
    ]);
  });

  it("answers 404 for a product of another market, in the borrower's language, and stores nothing", async () => {
    const product = await productByCode(Market.India, 'IN-SALARYPLUS');
    const response = await call(t.app, 'pageEvent', {
      session: indonesia,
      body: { productId: String(product.id), moduleId: '300', positionId: '0' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: ResultCode.NotFound, message: idID.notFound, data: null });
    expect(await eventsOf(product.id)).toEqual([]);
  });

  it('refuses a position that is not a number, naming the field', async () => {
    const response = await call(t.app, 'pageEvent', { session: india, body: { productId: '1', moduleId: '300', positionId: 'first' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(enIN.invalidRequest.replace('{fields}', 'positionId'));
  });
});

describe('apply', () => {
  const apply = (session: DemoSession, productId: number, scene: string, moduleId: number) =>
    call(t.app, 'productApply', { session, body: { product_id: String(productId), module_id: String(moduleId), scene } });

  it('answers the product URL, an http address the page opens, and records the application', async () => {
    const product = await productByCode(Market.India, 'IN-RUPEE-ROCKET');
    const response = await apply(india, product.id, 'banner', 301);
    expect(response.json()).toEqual({ code: '00', message: 'success', data: { url: 'https://partners.kilat.example/in/rupee-rocket' } });
    expect(await eventsOf(product.id)).toEqual([
      expect.objectContaining({ kind: 'apply', borrowerId: Number(india.userId), moduleId: 301, scene: 'banner' }),
    ]);
  });

  it('answers a native target for a product the app opens itself', async () => {
    const product = await productByCode(Market.Indonesia, 'ID-KANTONG');
    const response = await apply(indonesia, product.id, 'bag', 302);
    expect(response.json().data).toEqual({ url: 'kilat://product?code=ID-KANTONG' });
  });

  it('refuses a product whose buttonStatus is 0, and records nothing', async () => {
    const product = await productByCode(Market.Indonesia, 'ID-GAJIAN');
    const response = await apply(indonesia, product.id, 'relevant', 300);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ResultCode.InvalidRequest, message: idID.productUnavailable, data: null });
    expect(await eventsOf(product.id)).toEqual([]);
  });

  it('refuses a module id that is not the scene’s', async () => {
    const product = await productByCode(Market.India, 'IN-CASHNEST');
    const response = await apply(india, product.id, 'bag', 300);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(enIN.invalidRequest.replace('{fields}', 'module_id'));
  });

  it('answers 404 for an unknown product', async () => {
    const response = await apply(india, 999_999, 'relevant', 300);
    expect(response.statusCode).toBe(404);
  });
});
