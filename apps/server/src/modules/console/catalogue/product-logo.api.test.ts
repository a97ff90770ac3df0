/** A product's logo uploaded in the console (issue 47 item 10, decision 284). */
import { Market } from '@kilat/contract';
import { CONSOLE_API_PREFIX, CSRF_HEADER, ProductLogoLimits } from '@kilat/contract/console';
import type { LoanProduct } from '@kilat/contract/schemas';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, uploads } from '../../../db/schema.js';
import { call, demoSession, useTestApp } from '../../../test/app.js';
import { type ConsoleSession, signIn } from '../../../test/console.js';
import { makeExecutable, makePng, multipartBody } from '../../../test/images.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
const sessions = {} as Record<'risk' | 'agent', ConsoleSession>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  sessions.risk = await signIn(t.app, t.clock, 'risk');
  sessions.agent = await signIn(t.app, t.clock, 'agent');
});

const uploadLogo = (session: ConsoleSession, id: number, data: Buffer, field = 'logo') => {
  const { payload, contentType } = multipartBody({ field, filename: 'logo.png', contentType: 'image/png', data });
  return t.app.inject({
    method: 'POST',
    url: `${CONSOLE_API_PREFIX}/products/${id}/logo`,
    headers: { host: 'localhost', cookie: session.cookie, [CSRF_HEADER]: session.csrfToken, 'content-type': contentType },
    payload,
  });
};

const activeProduct = async (market: 'IN' | 'ID') => {
  const [row] = await t.database.db
    .select()
    .from(products)
    .where(and(eq(products.market, market), eq(products.active, true)))
    .orderBy(products.id)
    .limit(1);
  return row!;
};

const stored = async () => {
  const [[u], [a]] = await Promise.all([
    t.database.db.select({ n: count() }).from(uploads),
    t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'product.logo')),
  ]);
  return { uploads: u!.n, audit: a!.n };
};

describe("a product's logo uploaded in the console (issue 47 item 10)", () => {
  it('is stored, audited with before and after, listed to the borrower and served with cache headers', async () => {
    const product = await activeProduct('IN');
    const logo = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#d33' } })
      .png()
      .toBuffer();
    const response = await uploadLogo(sessions.risk, product.id, logo);
    expect(response.statusCode).toBe(200);
    const view = response.json().data as { logoUrl: string };
    expect(view.logoUrl).toMatch(/^\/product-logos\/[0-9a-f]{32}\.png$/);

    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.logoUrl).toBe(view.logoUrl);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.logo'), eq(auditLog.targetId, String(product.id))));
    expect(audit!.before).toEqual({ logoUrl: product.logoUrl });
    expect(audit!.after).toMatchObject({ logoUrl: view.logoUrl, contentType: 'image/png', width: 96, height: 96 });

    // the borrower's product list shows the uploaded logo instead of the default
    const session = await demoSession(t.app, Market.India);
    const list: LoanProduct[] = (await call(t.app, 'loanProducts', { session, query: { market: 'IN' } })).json().data.list;
    expect(list.find((listed) => listed.productId === String(product.id))!.productLogo).toBe(view.logoUrl);

    // the address serves the stored bytes to anyone (an <img> sends no session), cached for good
    const served = await t.app.inject({ method: 'GET', url: view.logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 96, 96]);
  });

  it('never serves an image that is not a logo at the public address', async () => {
    // an operator's complaint image, stored in the same object store: only its signed link serves it
    const { upload } = await t.app.uploads.store(await makePng(), null);
    expect(await t.app.uploads.open(upload.name)).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/product-logos/${upload.name}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/product-logos/not-a-name.png' })).statusCode).toBe(404);
  });

  it('refuses a wrong type, a file too large, sides out of range, a wrong field and a wrong role, each with a clear message, storing nothing', async () => {
    const product = await activeProduct('ID');
    const before = await stored();
    const tooLarge = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#123' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(tooLarge.length).toBeGreaterThan(ProductLogoLimits.maxBytes);
    const tooSmall = await makePng(); // 40 × 40 passes; 16 × 16 does not
    const tiny = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const cases: [Buffer, number, RegExp, string?][] = [
      [makeExecutable(), 415, /must be a PNG, JPEG or WebP image/],
      [Buffer.from('GIF89a not really'), 415, /must be a PNG, JPEG or WebP image/],
      [tooLarge, 413, /at most 200 KB/],
      [tiny, 400, /16 × 16 pixels; each side must be from 32 to 1024 pixels/],
      [tooSmall, 400, /Choose an image file for the logo/, 'image'],
    ];
    for (const [data, status, message, field] of cases) {
      const response = await uploadLogo(sessions.risk, product.id, data, field);
      expect(response.statusCode, message.source).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    const agent = await uploadLogo(sessions.agent, product.id, await makePng());
    expect(agent.statusCode).toBe(403);
    expect((await uploadLogo(sessions.risk, 999_999, await makePng())).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.logoUrl).toBe(product.logoUrl);
  });
});
