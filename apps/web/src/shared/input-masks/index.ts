import { Limits } from '@kilat/contract';

/** Number inputs keep digits only (spec §5). */
export const digitsOnly = (text: string): string => text.replace(/\D/g, '');

/** Phone input: digits only, at most 11, grouped 3-4-4 with spaces (spec §5). */
export const maskPhone = (text: string): string => {
  const digits = digitsOnly(text).slice(0, Limits.phoneDigits);
  return [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7)].filter(Boolean).join(' ');
};

/** Bank card input: digits only, grouped by 4 (spec §5). */
export const maskBankCard = (text: string): string => (digitsOnly(text).match(/\d{1,4}/g) ?? []).join(' ');
