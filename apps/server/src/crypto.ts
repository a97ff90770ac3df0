/** The crypto helpers the server shares: session tokens (32 random bytes, base64url; only their SHA-256 is stored), one-time codes, hashes compared in constant time. */
import { createCipheriv, createDecipheriv, createHash, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const newSessionToken = (): string => randomBytes(32).toString('base64url');

// the one-shot hash: every session call hashes its token, and createHash's object cost it 2.5 times as much (issue 33)
export const sha256 = (value: string): string => hash('sha256', value, 'hex');

export const newSmsCode = (length: number): string => String(randomInt(0, 10 ** length)).padStart(length, '0');

export const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Sealed text (AES-256-GCM, issue 28): a disbursal account's full number where the payout gateway
 * needs it on every payout. The key is SHA-256 of the configured secret; each seal has its own
 * 12-byte nonce; `v1.<nonce>.<tag>.<ciphertext>` in base64url, so a later key or scheme can be told apart.
 */
const sealKey = (secret: string): Buffer => createHash('sha256').update(secret).digest();

export const sealText = (secret: string, plain: string): string => {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
};

/** The text of a seal; throws when the key is not the one it was sealed with or the seal was altered. */
export const openText = (secret: string, sealed: string): string => {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not a sealed text');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
};
