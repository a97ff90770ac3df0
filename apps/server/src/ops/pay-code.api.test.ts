import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../db/schema.js';
import { call, SETUP_TIMEOUT_MS, useTestApp } from '../test/app.js';
import { payCode } from './pay-code.js';

const t = useTestApp();
let url: string;

beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, SETUP_TIMEOUT_MS);

describe('npm run ops -- pay-code <vcode>', () => {
  it('pays an open code on the running server over HTTP, through the sandbox webhook', async () => {
    const session = (await t.app.inject({ method: 'GET', url: '/dev/session?market=ID&fresh=1' })).json();
    const code = (
      await call(t.app, 'generateVirtualAccount', {
        session,
        body: {
          orderId: session.orderId,
          productId: session.productId,
          amount: '1500000',
          payCode: 'BNI',
          pay_type: '1',
          specific_num: 'ATM',
          is_default: '0',
          is_display: '1',
        },
      })
    ).json().data;
    const result = await payCode([code.vcode], { KILAT_URL: url });
    expect(result).toEqual({ ok: true, message: `paid ${code.vcode}: payment ${code.cardNo} is paid` });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.publicId, code.cardNo));
    expect(payment?.status).toBe('paid');
  });

  it('says so for an unknown code, a missing code and no server', async () => {
    expect(await payCode(['123456789'], { KILAT_URL: url })).toMatchObject({
      ok: false,
      message: expect.stringContaining('no open code 123456789'),
    });
    expect(await payCode([], { KILAT_URL: url })).toMatchObject({ ok: false, message: expect.stringContaining('Usage') });
    expect(await payCode(['123'], { KILAT_URL: 'http://127.0.0.1:9' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('no Kilat server'),
    });
  });
});
