/** The crypto helpers the server shares: session tokens (32 random bytes, base64url; only their SHA-256 is stored), one-time codes, hashes compared in constant time. */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const newSessionToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const newSmsCode = (length: number): string => String(randomInt(0, 10 ** length)).padStart(length, '0');

export const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};
