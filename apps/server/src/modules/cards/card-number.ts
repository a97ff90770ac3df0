/**
 * Card numbers (PCI DSS): the Luhn check, the masked form shown to the borrower (BIN and last 4 at
 * most) and the keyed fingerprint that recognises a card bound twice without keeping its number.
 */
import { createHmac } from 'node:crypto';

const CARD_DIGITS = /^\d{12,19}$/;

/** The Luhn (mod 10) check digit holds: every second digit from the right doubled, the sum a multiple of 10. */
export const isLuhnValid = (cardNo: string): boolean => {
  if (!CARD_DIGITS.test(cardNo)) return false;
  let sum = 0;
  for (let index = 0; index < cardNo.length; index += 1) {
    let digit = cardNo.charCodeAt(cardNo.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** The parts of a number that may be kept: the BIN (first 6) and the last 4. */
export const cardParts = (cardNo: string): { bin: string; last4: string } => ({ bin: cardNo.slice(0, 6), last4: cardNo.slice(-4) });

/** `411111******1111`: the middle is always six stars, so the shown form does not tell the number's length either. */
export const maskedCardNo = (bin: string, last4: string): string => `${bin}******${last4}`;

/** HMAC-SHA256 of the number under the server's key, hex: without the key it cannot be walked back to the number. */
export const cardFingerprint = (key: string, cardNo: string): string => createHmac('sha256', key).update(cardNo).digest('hex');
