import { digitsOnly, maskBankCard } from '@/shared/input-masks';

/** Card numbers run from 12 to 19 digits (ISO/IEC 7812); the contract takes the same range. */
export const CARD_DIGITS_MIN = 12;
export const CARD_DIGITS_MAX = 19;
/** A holder's name of at least this many letters, as the contract asks. */
export const HOLDER_NAME_MIN = 2;
export const HOLDER_NAME_MAX = 60;

/** The card number input: digits only, at most 19, grouped by 4 as typed (spec §5). */
export const limitCardNumber = (text: string): string => maskBankCard(digitsOnly(text).slice(0, CARD_DIGITS_MAX));

/** The Luhn check digit of a card number (ISO/IEC 7812-1): catches every single-digit typo and most swaps. */
export const isLuhnValid = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** A plausible card number: 12 to 19 digits with a valid Luhn digit. */
export const isValidCardNumber = (masked: string): boolean => {
  const digits = digitsOnly(masked);
  return digits.length >= CARD_DIGITS_MIN && digits.length <= CARD_DIGITS_MAX && isLuhnValid(digits);
};

export interface BindCardFields {
  bankCode: string;
  cardNumber: string;
  holderName: string;
}

export type BindCardProblem = 'chooseBank' | 'invalidCardNumber' | 'enterHolderName';

/** The first thing missing or wrong in the form, in the order it is filled; null when it may be sent. */
export const bindCardProblem = (fields: BindCardFields): BindCardProblem | null => {
  if (fields.bankCode === '') return 'chooseBank';
  if (!isValidCardNumber(fields.cardNumber)) return 'invalidCardNumber';
  if (fields.holderName.trim().length < HOLDER_NAME_MIN) return 'enterHolderName';
  return null;
};
