import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { LinkSigner } from './modules/uploads/signed-links.js';
import { previousSecretsOf, secretsAt } from './secrets.js';

const until = new Date('2026-12-01T00:00:00Z');
const before = new Date('2026-11-30T23:59:59Z');

describe('rotating secrets (decision 130)', () => {
  it('accept the previous value until its end, the current one always, the current one first', () => {
    expect(secretsAt('new', { value: 'old', until }, before)).toEqual(['new', 'old']);
    expect(secretsAt('new', { value: 'old', until }, until)).toEqual(['new']);
    expect(secretsAt('new', undefined, before)).toEqual(['new']);
  });

  it('read <NAME>_PREVIOUS with <NAME>_PREVIOUS_UNTIL, and refuse one without the other or an end that is no date', () => {
    expect(previousSecretsOf({ UPLOAD_LINK_KEY_PREVIOUS: 'old', UPLOAD_LINK_KEY_PREVIOUS_UNTIL: '2026-12-01T00:00:00Z' })).toEqual({
      previous: { UPLOAD_LINK_KEY: { value: 'old', until } },
      problems: [],
    });
    expect(previousSecretsOf({ CARD_FINGERPRINT_KEY_PREVIOUS: 'old' }).problems[0]).toContain('CARD_FINGERPRINT_KEY_PREVIOUS_UNTIL');
    expect(
      previousSecretsOf({ XENDIT_CALLBACK_TOKEN_PREVIOUS: 'old', XENDIT_CALLBACK_TOKEN_PREVIOUS_UNTIL: 'next week' }).problems,
    ).toHaveLength(1);
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENT_WEBHOOK_SECRET_PREVIOUS_UNTIL: '2026-12-01T00:00:00Z' })).toThrow(ConfigError);
  });

  it('reach the config of each secret', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PAYMENT_WEBHOOK_SECRET_PREVIOUS: 'old-webhook',
      PAYMENT_WEBHOOK_SECRET_PREVIOUS_UNTIL: '2026-12-01T00:00:00Z',
      CARD_FINGERPRINT_KEY_PREVIOUS: 'old-fingerprint',
      CARD_FINGERPRINT_KEY_PREVIOUS_UNTIL: '2026-12-01T00:00:00Z',
      UPLOAD_LINK_KEY_PREVIOUS: 'old-link',
      UPLOAD_LINK_KEY_PREVIOUS_UNTIL: '2026-12-01T00:00:00Z',
    });
    expect(config.payments.webhookSecretPrevious).toEqual({ value: 'old-webhook', until });
    expect(config.payments.fingerprintKeyPrevious).toEqual({ value: 'old-fingerprint', until });
    expect(config.uploads.signingKeyPrevious).toEqual({ value: 'old-link', until });
  });

  it('open an image link signed with the old upload-link key within the window only', () => {
    const old = new LinkSigner('old-upload-link-key-0123456789abcdef', 300);
    const rotated = new LinkSigner('new-upload-link-key-0123456789abcdef', 300, { value: 'old-upload-link-key-0123456789abcdef', until });
    const signedAt = new Date(before.getTime() - 60_000);
    const query = new URLSearchParams(old.query('a.jpg', signedAt));
    expect(rotated.verify('a.jpg', query.get('exp'), query.get('sig'), signedAt)).toBe(300);
    const fresh = new URLSearchParams(rotated.query('a.jpg', signedAt));
    expect(rotated.verify('a.jpg', fresh.get('exp'), fresh.get('sig'), signedAt)).toBe(300);
    // the same old link one second past the window's end (and still within its own lifetime)
    const afterEnd = new Date(until.getTime() + 1_000);
    const late = new URLSearchParams(old.query('a.jpg', afterEnd));
    expect(rotated.verify('a.jpg', late.get('exp'), late.get('sig'), afterEnd)).toBeNull();
    expect(
      new LinkSigner('new-upload-link-key-0123456789abcdef', 300).verify('a.jpg', query.get('exp'), query.get('sig'), signedAt),
    ).toBeNull();
  });
});
