/** The Twilio SMS provider against a local HTTP server that checks each request and replays Twilio's documented answers. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Market } from '@kilat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { DemoAccounts } from '../dev/seed/demo.js';
import { SMS_OUTBOX_JOB } from '../jobs/index.js';
import { TWILIO_ACCOUNT_SID, twilioCreated, twilioInvalidNumber } from './twilio-exchanges.js';
import { e164 } from './twilio-provider.js';

interface Received {
  method: string;
  path: string;
  authorization: string;
  form: URLSearchParams;
}

const AUTH_TOKEN = 'twilio-test-auth-token';
const FROM = 'KILAT';
const received: Received[] = [];
let refuse = false;
let twilio: http.Server;
let apiBase: string;

beforeAll(async () => {
  twilio = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      received.push({ method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization ?? '', form });
      const to = form.get('To') ?? '';
      const exchange = refuse ? twilioInvalidNumber(to) : twilioCreated(to, form.get('From') ?? '', form.get('Body') ?? '');
      response.writeHead(exchange.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(exchange.body));
    });
  });
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`;
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await new Promise((resolve) => twilio.close(resolve));
}, SETUP_TIMEOUT_MS);
const t = useTestApp(() => ({
  config: { sms: { provider: 'twilio', twilio: { accountSid: TWILIO_ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, apiBase } } },
}));

describe('the Twilio SMS provider', () => {
  it('writes phones in E.164 for both markets', () => {
    expect(e164(Market.India, '9876543210')).toBe('+919876543210');
    expect(e164(Market.Indonesia, '081234567890')).toBe('+6281234567890');
  });

  it('sends a login code as Twilio documents the call: Messages.json, Basic auth, To/From/Body', async () => {
    const phone = DemoAccounts.IN.phone;
    const answer = await call(t.app, 'loginCode', { query: { market: 'IN' }, body: { phone } });
    expect(answer.json().code).toBe('00');
    // the outbox delivers after the commit: drained here rather than waiting for the after-response drain
    await t.app.jobs.runNow(SMS_OUTBOX_JOB);
    const request = received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${TWILIO_ACCOUNT_SID}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${TWILIO_ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(request.form.get('To')).toBe(phone);
    expect(request.form.get('From')).toBe(FROM);
    expect(request.form.get('Body')).toMatch(/^Your Kilat login code is \d{6}\./);
    // the development inbox is not used, and not offered
    expect((await t.app.inject({ method: 'GET', url: `/dev/sms?phone=${phone}` })).statusCode).toBe(501);
  });

  it('keeps a message Twilio refused in the outbox and delivers it on a later drain', async () => {
    refuse = true;
    try {
      const phone = DemoAccounts.ID.phone;
      const before = received.length;
      const answer = await call(t.app, 'loginCode', { query: { market: 'ID' }, body: { phone } });
      expect(answer.json().code).toBe('00');
      const refused = await t.app.jobs.runNow(SMS_OUTBOX_JOB);
      expect(refused?.result).toMatchObject({ sent: 0 });
      expect(received.length).toBeGreaterThan(before);
      refuse = false;
      t.clock.advance(10 * 60_000);
      const retried = await t.app.jobs.runNow(SMS_OUTBOX_JOB);
      expect(retried?.result).toMatchObject({ sent: 1 });
      expect(received.at(-1)!.form.get('To')).toBe(e164(Market.Indonesia, phone));
    } finally {
      refuse = false;
    }
  });
});
