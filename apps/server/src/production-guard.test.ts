import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { estimatedBits, productionProblems, secretWeakness } from './production-guard.js';

// 48 random bytes in base64, as `openssl rand -base64 48` prints them
const strong = 'q0cK7v+Zx1nB3mR8tYwL5pE2sHdJ9uFgA6kN4oVbC/iT0rXyQe1MzWl7hSj3aPfD';
const strong2 = 'Xr4Tq9WmZ2Lk7Hb1Nc5Vd8Fg3Js6Pa0Ye/Ui+Ow2Qt4Rn7Mb1Kc9Gv5Ez3Dx8Ay';
const strong3 = 'Lm8Qz2Xc5Vb1Nk7Hj4Gf9Ds3Aw6Ep0Rt/Yu+Io2Pl5Km8Nj1Hb4Gv7Fc0Dx3Sz6';

/** Everything production needs that exists today, so each test changes one thing. */
const goodEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://kilat@db:5432/kilat',
  PAYMENT_WEBHOOK_SECRET: strong,
  CARD_FINGERPRINT_KEY: strong2,
  UPLOAD_LINK_KEY: strong3,
  S3_BUCKET: 'kilat-evidence',
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
  it('refuses the sandbox gateway and the inbox SMS provider, the only ones built so far, and names both', () => {
    const message = refusal(goodEnv);
    expect(message).toContain('Refusing to start in production');
    expect(message).toContain('PAYMENT_GATEWAY=sandbox');
    expect(message).toContain('SMS_PROVIDER=inbox');
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
    // too short is refused by the schema before the production checks
    expect(refusal({ ...goodEnv, CARD_FINGERPRINT_KEY: strong.slice(0, 20) })).toMatch(/CARD_FINGERPRINT_KEY/);
  });

  it('outside production, the development parts are the default and nothing is refused', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.payments.gateway).toBe('sandbox');
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
        PAYMENT_GATEWAY: 'razorpay',
        SMS_PROVIDER: 'twilio',
        DATABASE_URL: 'postgres://db/kilat',
        SEED_DEMO: false,
        PAYMENT_WEBHOOK_SECRET: strong,
        CARD_FINGERPRINT_KEY: strong2,
        UPLOAD_LINK_KEY: strong3,
        S3_BUCKET: 'kilat-evidence',
      }),
    ).toEqual([]);
  });
});
