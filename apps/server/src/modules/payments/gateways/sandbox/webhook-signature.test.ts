import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_SECONDS, signatureHeader, verifySignature } from './webhook-signature.js';

const secret = 'a-webhook-secret-of-at-least-32-characters';
const body = Buffer.from('{"id":"evt_1","type":"payment.succeeded"}');
const now = 1_760_000_000;

describe('the webhook signature', () => {
  it('holds over the exact raw body, within 5 minutes of its timestamp', () => {
    const header = signatureHeader(secret, body, now);
    expect(header).toMatch(/^t=1760000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, body, header, now)).toBe(true);
    expect(verifySignature(secret, body, header, now + SIGNATURE_TOLERANCE_SECONDS)).toBe(true);
    expect(verifySignature(secret, body, header, now - SIGNATURE_TOLERANCE_SECONDS)).toBe(true);
  });

  it('does not hold for another body, another secret, an old or future timestamp, or a changed timestamp', () => {
    const header = signatureHeader(secret, body, now);
    expect(verifySignature(secret, Buffer.from(`${body.toString()} `), header, now)).toBe(false);
    expect(verifySignature(`${secret}x`, body, header, now)).toBe(false);
    expect(verifySignature(secret, body, header, now + SIGNATURE_TOLERANCE_SECONDS + 1)).toBe(false);
    expect(verifySignature(secret, body, header, now - SIGNATURE_TOLERANCE_SECONDS - 1)).toBe(false);
    expect(verifySignature(secret, body, header.replace('t=1760000000', 't=1760000001'), now)).toBe(false);
  });

  it('does not hold when missing, malformed, or with a signature of another length', () => {
    const header = signatureHeader(secret, body, now);
    expect(verifySignature(secret, body, undefined, now)).toBe(false);
    expect(verifySignature(secret, body, '', now)).toBe(false);
    expect(verifySignature(secret, body, [header, header], now)).toBe(false);
    expect(verifySignature(secret, body, `t=${now}`, now)).toBe(false);
    expect(verifySignature(secret, body, header.slice(0, -2), now)).toBe(false);
    expect(verifySignature(secret, body, `t=${now},v1=${'0'.repeat(64)}`, now)).toBe(false);
  });

  it('accepts any one matching v1 signature, as during a secret rotation', () => {
    const header = signatureHeader(secret, body, now);
    const rotated = `t=${now},v1=${'a'.repeat(64)},${header.split(',')[1]}`;
    expect(verifySignature(secret, body, rotated, now)).toBe(true);
  });
});
