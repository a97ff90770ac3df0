import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 3000, embedded PGlite under <repo>/data, the built web app and the demo seed outside production', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      databaseUrl: undefined,
      seedDemo: true,
      rateLimitMax: 1000,
    });
    expect(config.dataDir).toBe(`${REPO_ROOT}data`);
    expect(config.webDist).toBe(`${REPO_ROOT}apps/web/dist`);
    expect(config.support.IN).toEqual({ email: 'support@kilat.co.in', smWa: '+91 80 4718 2200' });
    expect(config.support.ID).toEqual({ email: 'cs@kilat.co.id', smWa: '+62 21 5091 8800' });
  });

  it('refuses to start in production without its own payment secrets, and uses fixed development ones elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_WEBHOOK_SECRET, CARD_FINGERPRINT_KEY and ACCOUNT_ENCRYPTION_KEY/);
    expect(loadConfig({}).disbursalAccounts.encryptionKey.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}).payments.webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(ConfigError);
  });

  it('takes Twilio as the SMS provider only with its account, token and sender', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM/);
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0a'.repeat(16)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: 'KILAT',
    });
    expect(config.sms).toEqual({
      provider: 'twilio',
      twilio: { accountSid: `AC${'0a'.repeat(16)}`, authToken: 'token', from: 'KILAT', apiBase: 'https://api.twilio.com' },
    });
  });

  it('reads the balancer settings: trusted proxies, Redis, shutdown timings and database timeouts', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/);
    expect(loadConfig({}).shutdown).toEqual({ drainMs: 0, timeoutMs: 10_000 });
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '3' }).shutdown.drainMs).toBe(3000);
    expect(loadConfig({}).database).toEqual({ statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 30_000 });
  });
  it('treats an empty DATABASE_URL as absent and accepts a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://kilat@db:5432/kilat' }).databaseUrl).toBe('postgres://kilat@db:5432/kilat');
  });

  it('refuses an invalid environment with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db/kilat', SEED_DEMO: 'maybe' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db/kilat', SEED_DEMO: 'maybe' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('Invalid environment');
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO']) expect(message).toContain(name);
    }
  });
});
