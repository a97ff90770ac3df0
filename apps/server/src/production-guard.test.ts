import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { estimatedBits, productionProblems, secretWeakness } from './production-guard.js';

// 48 random bytes in base64, as `openssl rand -base64 48` prints them
const strong = 'q0cK7v+Zx1nB3mR8tYwL5pE2sHdJ9uFgA6kN4oVbC/iT0rXyQe1MzWl7hSj3aPfD';
const strong2 = 'Xr4Tq9WmZ2Lk7Hb1Nc5Vd8Fg3Js6Pa0Ye/Ui+Ow2Qt4Rn7Mb1Kc9Gv5Ez3Dx8Ay';
const strong3 = 'Lm8Qz2Xc5Vb1Nk7Hj4Gf9Ds3Aw6Ep0Rt/Yu+Io2Pl5Km8Nj1Hb4Gv7Fc0Dx3Sz6';
const strong4 = 'Vb1Nk7Hj4Gf9Ds3Aw6Ep0Rt/Yu+Io2Pl5Km8Nj1Hb4Gv7Fc0Dx3Sz6Lm8Qz2Xc5';
const strong5 = 'Tb7Wn3Ke9Rq1Xz5Lm2Vc8Hd4Gs6Jp0Fa/Yo+Ui3Nk9Mb2Qe5Wr1Tz7Xc4Lv8Dh6';

/** Everything production needs that exists today, so each test changes one thing. */
const goodEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://kilat@db:5432/kilat',
  PAYMENT_WEBHOOK_SECRET: strong,
  CARD_FINGERPRINT_KEY: strong2,
  ACCOUNT_ENCRYPTION_KEY: strong5,
  UPLOAD_LINK_KEY: strong3,
  S3_BUCKET: 'kilat-evidence',
  METRICS_TOKEN: strong4,
};

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
};

describe('production refuses to lie', () => {
  it('refuses the sandbox gateway of each market and the inbox SMS provider, and names each', () => {
    const message = refusal(goodEnv);
    expect(message).toContain('Refusing to start in production');
    expect(message).toContain('PAYMENT_GATEWAY_IN=sandbox');
    expect(message).toContain('PAYMENT_GATEWAY_ID=sandbox');
    expect(message).toContain('PAYOUT_GATEWAY_IN=sandbox sends no loan to any bank');
    expect(message).toContain('PAYOUT_GATEWAY_ID=sandbox sends no loan to any bank');
    expect(message).toContain('SMS_PROVIDER=inbox');
    expect(message).toContain("KYC_PROVIDER_IN=sandbox verifies no one's identity");
    expect(message).toContain("KYC_PROVIDER_ID=sandbox verifies no one's identity");
    expect(message).not.toContain('DATABASE_URL');
    expect(message).not.toContain('SEED_DEMO');
    expect(message).not.toContain('PAYMENT_WEBHOOK_SECRET');
  });

  it('refuses the embedded database', () => {
    const { DATABASE_URL: _url, ...env } = goodEnv;
    expect(refusal(env)).toMatch(/DATABASE_URL is not set: the embedded database/);
  });

  it('refuses uploads on the local disk', () => {
    const { S3_BUCKET: _bucket, ...env } = goodEnv;
    expect(refusal(env)).toMatch(/S3_BUCKET is not set/);
  });

  it('refuses demo seeding', () => {
    expect(refusal({ ...goodEnv, SEED_DEMO: 'true' })).toMatch(/SEED_DEMO=true/);
    expect(refusal({ ...goodEnv, SEED_DEMO: 'false' })).not.toMatch(/SEED_DEMO/);
  });

  it('refuses a secret of 32 × "a", a short one, and a patterned one, naming which', () => {
    expect(refusal({ ...goodEnv, PAYMENT_WEBHOOK_SECRET: 'a'.repeat(32) })).toMatch(/PAYMENT_WEBHOOK_SECRET is guessable/);
    expect(refusal({ ...goodEnv, CARD_FINGERPRINT_KEY: 'abcd'.repeat(16) })).toMatch(/CARD_FINGERPRINT_KEY is guessable/);
    expect(refusal({ ...goodEnv, ACCOUNT_ENCRYPTION_KEY: 'abcd'.repeat(16) })).toMatch(/ACCOUNT_ENCRYPTION_KEY is guessable/);
    // too short is refused by the schema before the production checks
    expect(refusal({ ...goodEnv, CARD_FINGERPRINT_KEY: strong.slice(0, 20) })).toMatch(/CARD_FINGERPRINT_KEY/);
  });

  it('outside production, the development parts are the default and nothing is refused', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.payments.gateways).toEqual({ IN: 'sandbox', ID: 'sandbox' });
    expect(config.payments.razorpay).toBeUndefined();
    expect(config.payouts.gateways).toEqual({ IN: 'sandbox', ID: 'sandbox' });
    expect(config.payouts.razorpayx).toBeUndefined();
    expect(config.payouts.xendit).toBeUndefined();
    expect(config.sms.provider).toBe('inbox');
    expect(config.seedDemo).toBe(true);
  });
});

describe('secret strength', () => {
  it('estimates a random secret far above the bar and a repeated one at zero', () => {
    expect(estimatedBits('a'.repeat(32))).toBe(0);
    expect(estimatedBits(strong)).toBeGreaterThan(200);
    expect(secretWeakness('S', strong)).toBeNull();
    expect(secretWeakness('S', undefined)).toBe('S is required');
    expect(secretWeakness('S', 'short')).toMatch(/32 characters/);
    // 32 hex digits of a random 128-bit key pass
    expect(secretWeakness('S', '9f86d081884c7d659a2feaa0c55ad015')).toBeNull();
  });

  it('lists no problem when every part is real', () => {
    expect(
      productionProblems({
        PAYMENT_GATEWAY_IN: 'razorpay',
        PAYMENT_GATEWAY_ID: 'xendit',
        RAZORPAY_KEY_ID: 'rzp_live_Xr4Tq9WmZ2Lk7H',
        RAZORPAY_KEY_SECRET: 'key-secret',
        RAZORPAY_WEBHOOK_SECRET: strong3,
        XENDIT_SECRET_KEY: 'xnd_production_Xr4Tq9WmZ2Lk7Hb1Nc5Vd8Fg3Js6Pa0Ye',
        XENDIT_CALLBACK_TOKEN: 'callback-token',
        PAYOUT_GATEWAY_IN: 'razorpayx',
        PAYOUT_GATEWAY_ID: 'xendit',
        RAZORPAYX_KEY_ID: 'rzp_live_Pq3Wn8Zk2Lm5Tb',
        RAZORPAYX_KEY_SECRET: 'payout-key-secret',
        RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
        RAZORPAYX_WEBHOOK_SECRET: strong2,
        PUBLIC_BASE_URL: 'https://kilat.example',
        SMS_PROVIDER: 'twilio',
        DATABASE_URL: 'postgres://db/kilat',
        SEED_DEMO: false,
        PAYMENT_WEBHOOK_SECRET: strong,
        CARD_FINGERPRINT_KEY: strong2,
        ACCOUNT_ENCRYPTION_KEY: strong5,
        UPLOAD_LINK_KEY: strong3,
        S3_BUCKET: 'kilat-evidence',
        METRICS_TOKEN: strong4,
        KYC_PROVIDER_IN: 'cashfree',
        KYC_PROVIDER_ID: 'trustdecision',
      }),
    ).toEqual([]);
  });

  it('refuses /metrics open on the public port: a strong METRICS_TOKEN, or METRICS_PORT (issue 32)', () => {
    const { METRICS_TOKEN: _token, ...open } = goodEnv;
    expect(refusal(open)).toContain('METRICS_TOKEN is required');
    expect(refusal({ ...goodEnv, METRICS_TOKEN: 'metrics-metrics-metrics-metrics-metrics' })).toContain('METRICS_TOKEN is guessable');
    expect(refusal({ ...open, METRICS_PORT: '9100' })).not.toContain('METRICS_TOKEN');
  });
});

/** Everything production needs with the real gateways: Razorpay for India, Xendit for Indonesia, Twilio. */
const realEnv = {
  ...goodEnv,
  PAYMENT_GATEWAY_IN: 'razorpay',
  PAYMENT_GATEWAY_ID: 'xendit',
  RAZORPAY_KEY_ID: 'rzp_live_ILgsfZCZoFIKMb',
  RAZORPAY_KEY_SECRET: 'Lm8Qz2Xc5Vb1Nk7Hj4Gf9Ds3',
  RAZORPAY_WEBHOOK_SECRET: 'Qt4Rn7Mb1Kc9Gv5Ez3Dx8AyXr4Tq9WmZ2Lk7Hb1Nc5Vd8Fg3Js6',
  XENDIT_SECRET_KEY: 'xnd_production_P0ZBGDJ0tGhZVeQn7Hb1Nc5Vd8Fg3Js6Pa0YeUiOw2Qt4Rn7Mb1Kc9Gv5Ez3Dx8Ay',
  XENDIT_CALLBACK_TOKEN: 'MuaJALKJSDK12LASHDJKAJSHDJKAJSHDjkasdjhakjsdhakjsdhkjashd',
  PAYOUT_GATEWAY_IN: 'razorpayx',
  PAYOUT_GATEWAY_ID: 'xendit',
  RAZORPAYX_KEY_ID: 'rzp_live_Pq3Wn8Zk2Lm5Tb',
  RAZORPAYX_KEY_SECRET: 'Vb1Nk7Hj4Gf9Ds3Lm8Qz2Xc5',
  RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
  RAZORPAYX_WEBHOOK_SECRET: 'Zk2Lm5Tb8Qn1Wx4Rc7Vd0Hg3Js6Pa9Ye+Ui/Ow2Qt4Rn7Mb1Kc9Gv',
  PUBLIC_BASE_URL: 'https://kilat.example',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'twilio-token',
  TWILIO_FROM: 'KILAT',
  KYC_PROVIDER_IN: 'cashfree',
  CASHFREE_CLIENT_ID: 'CF1848EZPSGLHWP9IUE2Y',
  CASHFREE_CLIENT_SECRET: 'cfsk_ma_prod_Hj4Gf9Ds3Lm8Qz2Xc5Vb1Nk7',
  KYC_PROVIDER_ID: 'trustdecision',
  TRUSTDECISION_PARTNER_CODE: 'kilat',
  TRUSTDECISION_PARTNER_KEY: 'Gv5Ez3Dx8AyXr4Tq9WmZ2Lk7Hb1Nc5Vd',
  TRUSTDECISION_ID_VERIFICATION_URL: 'https://id.apitd.net/verification/kyc/idverification/v2',
  COMPANY_NAME_IN: 'Lender India Private Limited',
  COMPANY_ADDRESS_IN: '1 MG Road, Bengaluru 560001',
  COMPANY_REGISTRATION_IN: 'RBI CoR N-02.00999',
  GRIEVANCE_OFFICER_NAME_IN: 'A. Officer',
  GRIEVANCE_OFFICER_PHONE_IN: '+91 80 1111 2222',
  GRIEVANCE_OFFICER_EMAIL_IN: 'nodal@lender.in',
  COMPANY_NAME_ID: 'PT Lender Indonesia',
  COMPANY_ADDRESS_ID: 'Jl. Thamrin 1, Jakarta 10350',
  COMPANY_REGISTRATION_ID: 'KEP-99/D.05/2026',
  GRIEVANCE_OFFICER_NAME_ID: 'Unit Pengaduan',
  GRIEVANCE_OFFICER_PHONE_ID: '+62 21 1111 2222',
  GRIEVANCE_OFFICER_EMAIL_ID: 'pengaduan@lender.co.id',
};

describe('production with the real gateways', () => {
  it('refuses to start without the lender of each market named, and names each setting that is missing (issue 49)', () => {
    const { COMPANY_REGISTRATION_IN: _registration, GRIEVANCE_OFFICER_EMAIL_ID: _email, ...lacking } = realEnv;
    const message = refusal(lacking);
    expect(message).toContain("the lender's particulars are not set: COMPANY_REGISTRATION_IN, GRIEVANCE_OFFICER_EMAIL_ID");
    const config = loadConfig(realEnv);
    expect(config.company.IN).toMatchObject({
      name: realEnv.COMPANY_NAME_IN,
      registration: realEnv.COMPANY_REGISTRATION_IN,
      grievance: {
        name: realEnv.GRIEVANCE_OFFICER_NAME_IN,
        phone: realEnv.GRIEVANCE_OFFICER_PHONE_IN,
        email: realEnv.GRIEVANCE_OFFICER_EMAIL_IN,
      },
    });
    expect(config.company.ID.registration).toBe(realEnv.COMPANY_REGISTRATION_ID);
  });

  it('starts with Razorpay for India and Xendit for Indonesia, each with its keys', () => {
    const config = loadConfig(realEnv);
    expect(config.payments.gateways).toEqual({ IN: 'razorpay', ID: 'xendit' });
    expect(config.payments.razorpay).toMatchObject({ keyId: realEnv.RAZORPAY_KEY_ID, apiBase: 'https://api.razorpay.com' });
    expect(config.payments.xendit).toMatchObject({ callbackToken: realEnv.XENDIT_CALLBACK_TOKEN, apiBase: 'https://api.xendit.co' });
  });

  it('sends loans through RazorpayX for India and Xendit for Indonesia, Xendit with the one key and token of the account', () => {
    const config = loadConfig(realEnv);
    expect(config.payouts.gateways).toEqual({ IN: 'razorpayx', ID: 'xendit' });
    expect(config.payouts.razorpayx).toEqual({
      keyId: realEnv.RAZORPAYX_KEY_ID,
      keySecret: realEnv.RAZORPAYX_KEY_SECRET,
      accountNumber: realEnv.RAZORPAYX_ACCOUNT_NUMBER,
      webhookSecret: realEnv.RAZORPAYX_WEBHOOK_SECRET,
      apiBase: 'https://api.razorpay.com',
    });
    expect(config.payouts.xendit).toEqual({
      secretKey: realEnv.XENDIT_SECRET_KEY,
      callbackToken: realEnv.XENDIT_CALLBACK_TOKEN,
      apiBase: 'https://api.xendit.co',
    });
  });

  it('refuses the sandbox payout gateway of a market left on it, and RazorpayX test keys and a guessable payout webhook secret', () => {
    const sandboxIn = refusal({ ...realEnv, PAYOUT_GATEWAY_IN: 'sandbox' });
    expect(sandboxIn).toContain('PAYOUT_GATEWAY_IN=sandbox sends no loan to any bank');
    expect(sandboxIn).not.toContain('PAYOUT_GATEWAY_ID');
    expect(refusal({ ...realEnv, PAYOUT_GATEWAY_ID: 'sandbox' })).toContain('PAYOUT_GATEWAY_ID=sandbox sends no loan to any bank');
    const message = refusal({ ...realEnv, RAZORPAYX_KEY_ID: 'rzp_test_Pq3Wn8Zk2Lm5Tb', RAZORPAYX_WEBHOOK_SECRET: 'c'.repeat(40) });
    expect(message).toContain('RAZORPAYX_KEY_ID is a test-mode key (rzp_test_…)');
    expect(message).toContain('RAZORPAYX_WEBHOOK_SECRET is guessable');
  });

  it('refuses a development Xendit key for payouts when payments are not on Xendit, and names it once when both are', () => {
    const devKey = 'xnd_development_P0ZBGDJ0tGhZVeQn7Hb1Nc5Vd8Fg';
    const payoutsOnly = refusal({ ...realEnv, PAYMENT_GATEWAY_ID: 'sandbox', XENDIT_SECRET_KEY: devKey });
    expect(payoutsOnly).toContain('XENDIT_SECRET_KEY is a development key');
    const both = refusal({ ...realEnv, XENDIT_SECRET_KEY: devKey });
    expect(both.split('XENDIT_SECRET_KEY is a development key').length - 1).toBe(1);
  });

  it('checks identities through Cashfree in India and TrustDecision in Indonesia; the sandbox, or Cashfree’s test environment, is refused', () => {
    const config = loadConfig(realEnv);
    expect(config.identity.providers).toEqual({ IN: 'cashfree', ID: 'trustdecision' });
    expect(config.identity.cashfree).toEqual({
      clientId: realEnv.CASHFREE_CLIENT_ID,
      clientSecret: realEnv.CASHFREE_CLIENT_SECRET,
      apiBase: 'https://api.cashfree.com/verification',
    });
    expect(config.identity.trustdecision).toMatchObject({ livenessUrl: 'https://id.apitd.net/verification/kyc/liveness/v1' });
    const sandboxId = refusal({ ...realEnv, KYC_PROVIDER_ID: 'sandbox' });
    expect(sandboxId).toContain("KYC_PROVIDER_ID=sandbox verifies no one's identity");
    expect(sandboxId).not.toContain('KYC_PROVIDER_IN');
    expect(refusal({ ...realEnv, CASHFREE_VERIFICATION_API_BASE: 'https://sandbox.cashfree.com/verification' })).toContain(
      "CASHFREE_VERIFICATION_API_BASE is Cashfree's test environment",
    );
  });

  it('names what a chosen KYC provider lacks, in any environment', () => {
    const lacking = () => loadConfig({ NODE_ENV: 'development', KYC_PROVIDER_IN: 'cashfree', KYC_PROVIDER_ID: 'trustdecision' });
    expect(lacking).toThrow(/KYC_PROVIDER_IN=cashfree needs CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET/);
    expect(lacking).toThrow(
      /KYC_PROVIDER_ID=trustdecision needs TRUSTDECISION_PARTNER_CODE, TRUSTDECISION_PARTNER_KEY, TRUSTDECISION_ID_VERIFICATION_URL/,
    );
  });

  it('names what a chosen payout gateway lacks, in any environment', () => {
    const lacking = () => loadConfig({ NODE_ENV: 'development', PAYOUT_GATEWAY_IN: 'razorpayx', PAYOUT_GATEWAY_ID: 'xendit' });
    expect(lacking).toThrow(
      /PAYOUT_GATEWAY_IN=razorpayx needs RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET, RAZORPAYX_ACCOUNT_NUMBER, RAZORPAYX_WEBHOOK_SECRET/,
    );
    expect(lacking).toThrow(/PAYOUT_GATEWAY_ID=xendit needs XENDIT_SECRET_KEY, XENDIT_CALLBACK_TOKEN/);
    expect(() => loadConfig({ NODE_ENV: 'development', PAYOUT_GATEWAY_IN: 'xendit' })).toThrow(/PAYOUT_GATEWAY_IN/);
  });

  it('still refuses the sandbox for a market left on it', () => {
    const message = refusal({ ...realEnv, PAYMENT_GATEWAY_ID: 'sandbox' });
    expect(message).toContain('PAYMENT_GATEWAY_ID=sandbox');
    expect(message).not.toContain('PAYMENT_GATEWAY_IN');
  });

  it('refuses test-mode keys, a guessable Razorpay webhook secret and a site address that is not https', () => {
    const message = refusal({
      ...realEnv,
      RAZORPAY_KEY_ID: 'rzp_test_ILgsfZCZoFIKMb',
      XENDIT_SECRET_KEY: 'xnd_development_P0ZBGDJ0tGhZVeQn7Hb1Nc5Vd8Fg',
      RAZORPAY_WEBHOOK_SECRET: 'b'.repeat(40),
      PUBLIC_BASE_URL: 'http://kilat.example',
    });
    expect(message).toContain('RAZORPAY_KEY_ID is a test-mode key');
    expect(message).toContain('XENDIT_SECRET_KEY is a development key');
    expect(message).toContain('RAZORPAY_WEBHOOK_SECRET is guessable');
    expect(message).toContain('PUBLIC_BASE_URL must be https://');
  });

  it('names what a chosen gateway lacks, in any environment, and refuses the replaced PAYMENT_GATEWAY', () => {
    const lacking = () => loadConfig({ NODE_ENV: 'development', PAYMENT_GATEWAY_IN: 'razorpay', PAYMENT_GATEWAY_ID: 'xendit' });
    expect(lacking).toThrow(
      /PAYMENT_GATEWAY_IN=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, PUBLIC_BASE_URL/,
    );
    expect(lacking).toThrow(/PAYMENT_GATEWAY_ID=xendit needs XENDIT_SECRET_KEY, XENDIT_CALLBACK_TOKEN, PUBLIC_BASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'development', PAYMENT_GATEWAY: 'sandbox' })).toThrow(/PAYMENT_GATEWAY was replaced/);
  });
});
