/**
 * Production refuses to lie (issue 16): the real server process will not boot on a part that only
 * pretends, and an app built for production has no development or sandbox routes.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Market, ResultCode } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from './test/app.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Starts the server the way `npm run dev` does and answers how it ended. */
const boot = async (env: Record<string, string>) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'silent', ...env },
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
};

describe('the server process in production', () => {
  it('does not boot with the sandbox gateway, the inbox SMS, the embedded database, demo seeding or a weak secret, and names each', async () => {
    const { code, output } = await boot({
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PAYMENT_WEBHOOK_SECRET: 'a'.repeat(32),
      CARD_FINGERPRINT_KEY: 'f'.repeat(40),
      ACCOUNT_ENCRYPTION_KEY: 'k'.repeat(40),
    });
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start in production');
    for (const named of [
      'PAYMENT_GATEWAY_IN=sandbox',
      'PAYMENT_GATEWAY_ID=sandbox',
      'PAYOUT_GATEWAY_IN=sandbox',
      'PAYOUT_GATEWAY_ID=sandbox',
      'KYC_PROVIDER_IN=sandbox',
      'KYC_PROVIDER_ID=sandbox',
      'SMS_PROVIDER=inbox',
      'DATABASE_URL is not set',
      'SEED_DEMO=true',
      'PAYMENT_WEBHOOK_SECRET is guessable',
      'CARD_FINGERPRINT_KEY is guessable',
      'ACCOUNT_ENCRYPTION_KEY is guessable',
    ]) {
      expect(output).toContain(named);
    }
    expect(output).not.toContain('Kilat is running');
  }, 90_000);
});

describe('an app built for production', () => {
  const t = useTestApp({
    config: {
      isProduction: true,
      nodeEnv: 'production',
      // the real gateways, as production runs them (nothing is called: only their webhooks are knocked on)
      payments: {
        ...testConfig().payments,
        gateways: { IN: 'razorpay', ID: 'xendit' },
        razorpay: {
          keyId: 'rzp_live_ILgsfZCZoFIKMb',
          keySecret: 'key-secret',
          webhookSecret: 'razorpay-webhook-secret',
          apiBase: 'http://127.0.0.1:9',
          publicBaseUrl: 'https://kilat.example',
        },
        xendit: {
          secretKey: 'xnd_production_P0ZBGDJ0tGhZVeQn7Hb1Nc5Vd8Fg',
          callbackToken: 'xendit-callback-token',
          apiBase: 'http://127.0.0.1:9',
          publicBaseUrl: 'https://kilat.example',
          merchantName: 'Kilat',
        },
      },
    },
  });

  it('has no development or sandbox routes', async () => {
    for (const url of [`/dev/session?market=${Market.India}`, '/dev/sms?phone=9876543210', '/dev/payments', '/sandbox/checkout/p1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe(ResultCode.NotFound);
    }
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/webhooks/payments/sandbox',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(webhook.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });

  it("takes the real gateways' webhooks, each checked by its own scheme", async () => {
    for (const [gateway, headers] of [
      ['razorpay', { 'x-razorpay-signature': '0'.repeat(64) }],
      ['xendit', { 'x-callback-token': 'not-the-token' }],
    ] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/webhooks/payments/${gateway}`,
        payload: '{}',
        headers: { 'content-type': 'application/json', ...headers },
      });
      expect(refused.statusCode, gateway).toBe(401);
      expect(refused.json().code, gateway).toBe(ResultCode.Unauthenticated);
    }
    const xendit = await t.app.inject({
      method: 'POST',
      url: '/webhooks/payments/xendit',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'x-callback-token': 'xendit-callback-token' },
    });
    // authentic, and about nothing of ours: acknowledged so Xendit stops retrying
    expect(xendit.statusCode).toBe(200);
  });
});
