/**
 * Input at the edge (issue 32): text PostgreSQL cannot store (a NUL, a lone surrogate) and
 * malformed encodings are refused with 400 in the borrower's language on every form route and on
 * every payment webhook — a correctly signed one included — and nothing is stored.
 */
import { createHmac } from 'node:crypto';
import { API_PREFIX, type EndpointName, Endpoints, endpointNames, Market, ResultCode } from '@kilat/contract';
import { callSchemas } from '@kilat/contract/schemas';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/database.js';
import { seedConsoleDemo } from '../modules/console/operators/seed.js';
import { demoSession, testConfig, useTestApp } from '../test/app.js';
import { consoleCall, signIn } from '../test/console.js';

const RAZORPAY_WEBHOOK_SECRET = 'razorpay-webhook-secret-of-the-dashboard';
const XENDIT_CALLBACK_TOKEN = 'xendit-callback-verification-token-of-the-dashboard';

const t = useTestApp(() => ({
  config: {
    payments: {
      ...testConfig().payments,
      gateways: { IN: 'razorpay', ID: 'xendit' },
      // the webhooks are verified locally: these API bases are never called
      razorpay: {
        keyId: 'rzp_test_1DP5mmOlF5G5ag',
        keySecret: 'thisissupersecret',
        webhookSecret: RAZORPAY_WEBHOOK_SECRET,
        apiBase: 'http://127.0.0.1:9',
        publicBaseUrl: 'https://kilat.example',
      },
      xendit: {
        secretKey: 'xnd_development_aaaaaaaaaaaaaaaaaaaa',
        callbackToken: XENDIT_CALLBACK_TOKEN,
        apiBase: 'http://127.0.0.1:9',
        publicBaseUrl: 'https://kilat.example',
        merchantName: 'Kilat',
      },
    },
  },
}));

/** Rows of every table of the app's schema: a refused request must leave every count as it was. */
const rowCounts = async (): Promise<Record<string, number>> => {
  const tables = rowsOf<{ name: string }>(
    await t.database.db.execute(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = Number(rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`SELECT count(*) AS n FROM "${name}"`)))[0]!.n);
  }
  return counts;
};

const NUL = '%00';
// U+D800 as UTF-8 would encode it: no UTF-8 decoder takes it, so it is a malformed encoding
const LONE_SURROGATE = '%ED%A0%80';

/** The calls of the contract a borrower posts a form to. */
const formCalls = endpointNames.filter((name) => Endpoints[name].method === 'POST' && Endpoints[name].body === 'form');

/** A form whose every field of the call carries `bad` in the middle of ordinary text. */
const formWith = (name: EndpointName, bad: string) =>
  [...Object.keys(callSchemas[name].request.shape), 'note'].map((field) => `${field}=a${bad}b`).join('&');

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

describe('form routes', () => {
  it('refuse a NUL or a lone surrogate in any field of every form call with 400, and store nothing', async () => {
    const session = await demoSession(t.app, Market.India);
    const auth = { authorization: `Bearer ${session.sessionId}` };
    const before = await rowCounts();
    for (const name of formCalls) {
      const url = `${API_PREFIX}${Endpoints[name].path}?deviceId=${session.deviceId}&market=IN`;
      for (const bad of [NUL, LONE_SURROGATE]) {
        const response = await post(url, formWith(name, bad), auth);
        expect(response.statusCode, `${name} ${bad}: ${response.body}`).toBe(400);
        expect(response.json().code ?? response.json().status, name).toBe(ResultCode.InvalidRequest);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuse such text in the query of every call, GET or POST', async () => {
    const session = await demoSession(t.app, Market.India);
    for (const name of endpointNames) {
      const endpoint = Endpoints[name];
      const url = `${API_PREFIX}${endpoint.path}?deviceId=${session.deviceId}&orderId=${session.orderId}&channel=a${NUL}b`;
      const response = await t.app.inject({ method: endpoint.method, url, headers: { authorization: `Bearer ${session.sessionId}` } });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
    }
  });

  it('refuse malformed encodings: a % that decodes to nothing, bytes that are not UTF-8', async () => {
    const session = await demoSession(t.app, Market.India);
    const auth = { authorization: `Bearer ${session.sessionId}` };
    const url = `${API_PREFIX}${Endpoints.problemSave.path}?deviceId=${session.deviceId}&market=IN`;
    const before = await rowCounts();
    for (const body of ['content=%ZZ', 'content=%', 'content=%C0%AE%C0%AE', 'content=caf%E9']) {
      expect((await post(url, body, auth)).statusCode, body).toBe(400);
    }
    const rawLatin1 = Buffer.concat([Buffer.from('content='), Buffer.from([0xe9, 0x80])]);
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload: rawLatin1,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth },
    });
    expect(response.statusCode).toBe(400);
    const query = await t.app.inject({ method: 'GET', url: `${API_PREFIX}${Endpoints.contactInfo.path}?market=IN&channel=%E0%A4` });
    expect(query.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it("answer in the borrower's language", async () => {
    const url = `${API_PREFIX}${Endpoints.loginCode.path}`;
    const india = await post(`${url}?market=IN`, `phone=98765${NUL}43210`);
    const indonesia = await post(`${url}?market=ID`, `phone=81234${NUL}567890`);
    expect(india.statusCode).toBe(400);
    expect(india.json().message).toBe(enIN.invalidRequest.replace('{fields}', 'phone'));
    expect(indonesia.statusCode).toBe(400);
    expect(indonesia.json().message).toBe(idID.invalidRequest.replace('{fields}', 'phone'));
  });

  it('keep ordinary text working: Hindi, Indonesian and emoji pass the check', async () => {
    const response = await post(
      `${API_PREFIX}${Endpoints.loginCode.path}?market=IN`,
      `phone=${encodeURIComponent('98765 43210')}&note=${encodeURIComponent('नमस्ते 😀')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('console routes', () => {
  beforeAll(async () => {
    await seedConsoleDemo(t.database.db, t.clock);
  });

  it('refuse a NUL in a JSON body, a path parameter or a multipart reply', async () => {
    const session = await signIn(t.app, t.clock, 'supervisor');
    const before = await rowCounts();
    const json = await consoleCall(t.app, 'POST', '/templates', { session, body: { problemType: 'a\u0000b', title: 'x', text: 'y' } });
    expect(json.statusCode, json.body).toBe(400);
    const surrogate = await consoleCall(t.app, 'POST', '/templates', { session, body: { problemType: '1', title: '\ud800', text: 'y' } });
    expect(surrogate.statusCode, surrogate.body).toBe(400);
    const param = await consoleCall(t.app, 'GET', '/complaints/1%00', { session });
    expect(param.statusCode, param.body).toBe(400);
    const reply = await consoleCall(t.app, 'POST', '/complaints/1/reply', { session, multipart: { text: 'hello\u0000' } });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('payment webhooks', () => {
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
  const sandboxSigned = (rawBody: string) => {
    const timestamp = nowSeconds();
    const v1 = createHmac('sha256', t.config.payments.webhookSecret).update(`${timestamp}.`).update(rawBody).digest('hex');
    return { 'x-kilat-signature': `t=${timestamp},v1=${v1}` };
  };
  const deliver = (gateway: string, rawBody: string | Buffer, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/webhooks/payments/${gateway}`,
      payload: rawBody,
      headers: { 'content-type': 'application/json', ...headers },
    });

  // JSON escapes: JSON.stringify writes a NUL as \u0000 and a lone surrogate as \ud800, both valid JSON
  const badTexts = ['a\u0000b', '\ud800', 'x\udc00'];

  it('refuse a correctly signed sandbox event with a NUL or lone surrogate in id, gatewayRef, paymentRef or occurredAt', async () => {
    const before = await rowCounts();
    for (const field of ['id', 'gatewayRef', 'paymentRef', 'occurredAt'] as const) {
      for (const bad of badTexts) {
        const event = {
          id: 'evt_fuzz_1',
          type: 'payment.succeeded',
          gatewayRef: 'va_fuzz',
          paymentRef: 'KPFUZZ0001',
          amountMinor: 1000,
          occurredAt: t.clock.now().toISOString(),
          [field]: bad,
        };
        const rawBody = JSON.stringify(event);
        const response = await deliver('sandbox', rawBody, sandboxSigned(rawBody));
        expect(response.statusCode, `${field} ${JSON.stringify(bad)}: ${response.body}`).toBe(400);
      }
    }
    const notUtf8 = Buffer.concat([Buffer.from('{"id":"evt_'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    expect((await deliver('sandbox', notUtf8, sandboxSigned(notUtf8.toString('latin1')))).statusCode).not.toBe(500);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuse a correctly signed Razorpay payment_link.paid with such text in the link id or reference_id', async () => {
    const before = await rowCounts();
    for (const field of ['id', 'reference_id'] as const) {
      for (const bad of badTexts) {
        const link = {
          id: 'plink_NQwY0000000001',
          amount: 1000,
          amount_paid: 1000,
          reference_id: 'KPFUZZ0001',
          status: 'paid',
          [field]: bad,
        };
        const rawBody = JSON.stringify({
          entity: 'event',
          event: 'payment_link.paid',
          created_at: nowSeconds(),
          payload: { payment_link: { entity: link } },
        });
        const signature = createHmac('sha256', RAZORPAY_WEBHOOK_SECRET).update(rawBody).digest('hex');
        const response = await deliver('razorpay', rawBody, { 'x-razorpay-signature': signature });
        expect(response.statusCode, `${field} ${JSON.stringify(bad)}: ${response.body}`).toBe(400);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuse an authentic Xendit virtual-account payment with such text in its ids or timestamp', async () => {
    const before = await rowCounts();
    for (const field of ['payment_id', 'callback_virtual_account_id', 'external_id', 'transaction_timestamp'] as const) {
      for (const bad of badTexts) {
        const paid = {
          payment_id: 'pay_fuzz_1',
          callback_virtual_account_id: 'va_fuzz_1',
          external_id: 'KPFUZZ0001',
          amount: 150_000,
          transaction_timestamp: t.clock.now().toISOString(),
          [field]: bad,
        };
        const response = await deliver('xendit', JSON.stringify(paid), { 'x-callback-token': XENDIT_CALLBACK_TOKEN });
        expect(response.statusCode, `${field} ${JSON.stringify(bad)}: ${response.body}`).toBe(400);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });
});
