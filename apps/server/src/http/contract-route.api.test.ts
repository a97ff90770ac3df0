import { API_PREFIX, type EndpointName, Endpoints, endpointNames, Market, ResultCode, SuccessCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginCodes, smsMessages } from '../db/schema.js';
import { call, demoSession, useTestApp, useTestDatabase } from '../test/app.js';

/** The calls the server implements so far; every other call of the contract must answer 501. */
const implemented: readonly EndpointName[] = [
  'contactInfo',
  'login',
  'loginCode',
  // issue 16: sessions end
  'logout',
  // issue 3: complaints, chatbot and customer support
  'problemInit',
  'problemInitV3',
  'qaList',
  'qaRecord',
  'problemSave',
  'uploadProblemImage',
  'problemList',
  'problemDetail',
  'saveScore',
  // issue 6: promotion, recommended products, joint login
  'channelTemplate',
  'trackVisit',
  'captchaSession',
  'captchaImage',
  'sendSms',
  'trackClick',
  'register',
  'recommendedProducts',
  'pageEvent',
  'productApply',
  'jointLoginFailure',
  'jointLoginProductEvent',
  'jointLoginApply',
  // issue 4: loans
  'delayDetail',
  'installmentPlan',
  'loanConfirm',
  'contracts',
  'contractJump',
  'loanPush',
  'loanDetails',
  'storeScore',
  'eventSave',
  'recommendedTap',
  // issue 5: the card flow (modules/cards)
  'bankList',
  'bindCard',
  'repaymentWay',
  'repaymentCommit',
  'repaymentConfirm',
  // issue 5: payments (modules/payments)
  'generateVirtualAccount',
  'initPayType',
  'repaymentCheckout',
  // issue 14: the payment result screen (decision 050)
  'paymentResult',
  // issue 51: India's Pay by UPI (decision 240)
  'upiPayment',
  'walletPayment',
  // issue 17: the borrower's own app in a phone browser
  'myOrders',
  'loanProducts',
  'loanProductDetail',
  'applicationSubmit',
  'logoutEverywhere',
  'deleteAccount',
  // issue 48: the open loan is refused before 'Delete for good?'
  'deleteAccountCheck',
  // issue 48: a returning borrower's last application, offered again
  'lastApplication',
  'repaymentHistory',
  'repaymentReceipt',
  // issue 17: the message centre (decision 108)
  'messages',
  'messagesRead',
  'messagesUnread',
  'disbursalAccount',
  'disbursalAccountSave',
  'disbursalAccountCode',
  // issue 28: cancelling a loan whose money did not arrive (decision 136)
  'loanCancel',
  // issue 29: who the borrower is (decision 151)
  'identity',
  'identitySubmit',
  'identityOtp',
  // issue 29: withdrawing an application until its money is sent (decision 149)
  'loanWithdraw',
  // issue 49: a loan's statement, from the ledger (decision 223)
  'loanStatement',
  // issue 49: a closed loan's closure letter (decision 224)
  'loanClosureLetter',
  // issue 49 item 5: the borrower's own data (decision 225)
  'myData',
  // issue 51: India's AutoPay mandates (decisions 242–245)
  'autopayMandate',
  'autopaySetUp',
  'autopayChange',
  // issue 46: the recovery agencies the official site lists (decision 218)
  'recoveryAgencies',
  // issue 50: the borrower's coupons (decision 252)
  'coupons',
];
const notYetImplemented = endpointNames.filter((name) => !implemented.includes(name));

const database = useTestDatabase();
const limited = useTestApp({ database, seed: false, config: { rateLimitMax: 3 } });
const t = useTestApp({
  database,
  extend: (app) => {
    app.post(`${API_PREFIX}/test/explode`, async () => {
      throw new Error('connection to db-primary.internal:5432 refused, password=hunter2');
    });
  },
});

describe('the contract routes', () => {
  it('lists every call of the Endpoints table, under the API prefix, in the OpenAPI document at /docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, unknown>> };
    for (const name of endpointNames) {
      const { method, path } = Endpoints[name];
      expect(doc.paths[`${API_PREFIX}${path}`], name).toHaveProperty(method.toLowerCase());
    }
  });

  it('documents each call with its request fields', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const contact = doc.paths[`${API_PREFIX}${Endpoints.contactInfo.path}`].post;
    expect(JSON.stringify(contact.requestBody)).toContain('overall');
    const qaList = doc.paths[`${API_PREFIX}${Endpoints.qaList.path}`].get;
    expect(qaList.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['pid', 'deviceId', 'market']),
    );
  });

  it.each(notYetImplemented)('serves %s, answering 501 with the notImplemented text until a module implements it', async (name) => {
    const response = await call(t.app, name, { query: { market: 'IN' } });
    expect(response.statusCode).toBe(501);
    const codeField = Endpoints[name].codeField;
    expect(response.json()).toEqual({ [codeField]: ResultCode.NotImplemented, message: enIN.notImplemented, data: null });
  });

  it('answers joint-login calls with a status field instead of code', async () => {
    const response = await call(t.app, 'jointLoginApply', { query: { market: 'ID' }, body: {} });
    expect(response.json()).toEqual({
      status: ResultCode.InvalidRequest,
      message: idID.invalidRequest.replace('{fields}', 'productId'),
      data: null,
    });
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const get = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/no/such/call?market=IN` });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ code: ResultCode.NotFound, message: enIN.notFound, data: null });
    const post = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/no/such/call` });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ code: ResultCode.NotFound, message: idID.notFound, data: null });
  });

  it("names the invalid fields in the session borrower's language when the page sends no market", async () => {
    const session = await demoSession(t.app, Market.India);
    const response = await call(t.app, 'contactInfo', { session, body: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ResultCode.InvalidRequest,
      message: enIN.invalidRequest.replace('{fields}', 'overall'),
      data: null,
    });
  });

  it('refuses an invalid login-code request naming the field, and stores and sends nothing', async () => {
    const countOf = async (table: typeof smsMessages | typeof loginCodes) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;
    const before = { sms: await countOf(smsMessages), codes: await countOf(loginCodes) };
    const response = await call(t.app, 'loginCode', { query: { market: 'ID' }, body: { phone: '08-12 not a phone' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ResultCode.InvalidRequest,
      message: idID.invalidRequest.replace('{fields}', 'phone'),
      data: null,
    });
    expect({ sms: await countOf(smsMessages), codes: await countOf(loginCodes) }).toEqual(before);
  });

  it('answers a malformed body with a 400 envelope, not a crash', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${Endpoints.login.path}?market=IN`,
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ResultCode.InvalidRequest);
  });

  it('never sends the internals of a 5xx to the client', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/test/explode?market=IN` });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: ResultCode.Internal, message: enIN.internal, data: null });
    expect(response.body).not.toMatch(/db-primary|hunter2|Error|stack/);
  });

  it("sets a document's security headers on a page: a CSP that allows inline styles but only our own scripts (decision 172)", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain('img-src');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-powered-by']).toBeUndefined();
  });

  it("sets an API answer's security headers on every JSON answer, an error's too: it loads nothing and no page frames it (decision 172)", async () => {
    const session = await demoSession(t.app, Market.India);
    const answers = [
      await call(t.app, 'loanDetails', {
        session,
        query: { market: 'IN' },
        body: { orderId: session.orderId, productId: session.productId },
      }),
      await call(t.app, 'loanDetails', { query: { market: 'IN' }, body: { orderId: session.orderId, productId: session.productId } }),
      await t.app.inject({ method: 'GET', url: `${API_PREFIX}/no/such/call` }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404]);
    for (const answer of answers) {
      expect(String(answer.headers['content-type'])).toContain('application/json');
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      // what only steers a browser's handling of a document is left off
      for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection'])
        expect(answer.headers[documentOnly], documentOnly).toBeUndefined();
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it("takes a POST's orderId from its query when the body lacks it, and the body's when it has one", async () => {
    const session = await demoSession(t.app, Market.India);
    const fromBody = await call(t.app, 'loanDetails', {
      session,
      query: { market: 'IN' },
      body: { orderId: session.orderId, productId: session.productId },
    });
    const fromQuery = await call(t.app, 'loanDetails', {
      session,
      query: { market: 'IN', orderId: session.orderId },
      body: { productId: session.productId },
    });
    const bodyWins = await call(t.app, 'loanDetails', {
      session,
      query: { market: 'IN', orderId: session.orderId },
      body: { orderId: '999999999', productId: session.productId },
    });
    expect(fromBody.json().code).toBe(SuccessCode.Standard);
    expect(fromQuery.json()).toEqual(fromBody.json());
    expect(bodyWins.json().code).not.toBe(SuccessCode.Standard);
  });

  it('reads a multipart body only on a call that takes files: elsewhere it is refused as unsupported, in the envelope', async () => {
    const session = await demoSession(t.app, Market.India);
    const boundary = 'kilat-test-boundary';
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${Endpoints.loanDetails.path}?market=IN&deviceId=${encodeURIComponent(session.deviceId)}`,
      headers: { authorization: `Bearer ${session.sessionId}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n${session.orderId}\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: ResultCode.InvalidRequest, message: enIN.invalidRequest.replace('{fields}', 'body') });
  });

  it('answers 429 with the rateLimited envelope once an IP passes RATE_LIMIT_MAX calls a minute', async () => {
    const answers = [];
    for (let n = 0; n < 4; n += 1)
      answers.push(await call(limited.app, 'contactInfo', { query: { market: 'IN' }, body: { overall: '30' } }));
    expect(answers.map((response) => response.statusCode)).toEqual([401, 401, 401, 429]);
    expect(answers[3]!.json()).toEqual({ code: ResultCode.RateLimited, message: enIN.rateLimited, data: null });
  });
});
