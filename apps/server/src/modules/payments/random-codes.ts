/** Random identifiers of payments and sandbox codes: from the system's CSPRNG, never guessable from one another. */
import { randomBytes, randomInt } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `length` characters of RFC 4648 base32 (5 random bits each). */
export const randomBase32 = (length: number): string => {
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += BASE32[byte & 31];
  return text;
};

export const randomDigits = (length: number): string => {
  let text = '';
  for (let index = 0; index < length; index += 1) text += String(randomInt(10));
  return text;
};

/** A payment's public id (repayRecordId, the bill number): 'RP' and 100 random bits. */
export const newPaymentPublicId = (): string => `RP${randomBase32(20)}`;
