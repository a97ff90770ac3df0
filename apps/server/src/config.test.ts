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

  const productionSecrets = { PAYMENT_WEBHOOK_SECRET: 'w'.repeat(32), CARD_FINGERPRINT_KEY: 'f'.repeat(32) };

  it('does not seed demo data in production unless told to', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...productionSecrets }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ...productionSecrets }).seedDemo).toBe(true);
  });

  it('refuses to start in production without its own payment secrets, and uses fixed development ones elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_WEBHOOK_SECRET and CARD_FINGERPRINT_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', ...productionSecrets }).payments.webhookSecret).toBe('w'.repeat(32));
    expect(loadConfig({}).payments.webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(ConfigError);
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
