import { type Market, maskPhoneInput } from '@kilat/contract';

/** Number inputs keep digits only (spec §5). */
export const digitsOnly = (text: string): string => text.replace(/\D/g, '');

/** Phone input: the market's mobile, digits (and a leading +) only, grouped as it is shown (docs/decisions/056). */
export const maskPhone = (text: string, market: Market): string => maskPhoneInput(text, market);

/** Bank card input: digits only, grouped by 4 (spec §5). */
export const maskBankCard = (text: string): string => (digitsOnly(text).match(/\d{1,4}/g) ?? []).join(' ');
