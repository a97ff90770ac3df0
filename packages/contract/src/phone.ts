/**
 * One phone rule per market (DESIGN §6, docs/decisions/056): the spec's "11 digits, 1 then 3–9"
 * refuses every real Indian and Indonesian mobile number, so each market takes its own mobiles,
 * with spaces or dashes, stores them in E.164 and shows them grouped.
 */
import { Market } from './common-params.js';

interface PhoneRule {
  countryCode: string;
  /** the national mobile number without its trunk 0 or country code */
  national: RegExp;
  /** the longest national number, for input masks */
  nationalMax: number;
  /** group sizes of the national number for display (the last group takes the rest) */
  groups: readonly number[];
  /** whether the number is written at home with its trunk 0 (Indonesia: 0812…, India: 98765…) */
  trunkZeroShown: boolean;
}

export const PhoneRules: Record<Market, PhoneRule> = {
  // India: 10 digits starting 6–9, optionally after +91 or 0
  [Market.India]: { countryCode: '91', national: /^[6-9]\d{9}$/, nationalMax: 10, groups: [5], trunkZeroShown: false },
  // Indonesia: 08 or +62 8, then 7–11 digits
  [Market.Indonesia]: { countryCode: '62', national: /^8\d{7,11}$/, nationalMax: 12, groups: [3, 4], trunkZeroShown: true },
};

/** Spaces, dashes and dots a borrower types between digit groups. */
const SEPARATORS = /[\s\-.()\u00a0]/g;

/** The national part of a typed number, or null when it is not written as this market writes it. */
const nationalOf = (typed: string, market: Market): string | null => {
  const rule = PhoneRules[market];
  const compact = typed.trim().replace(SEPARATORS, '');
  let national: string;
  if (compact.startsWith(`+${rule.countryCode}`)) national = compact.slice(rule.countryCode.length + 1);
  else if (compact.startsWith('0')) national = compact.slice(1);
  else if (market === Market.India) national = compact;
  else return null;
  return rule.national.test(national) ? national : null;
};

/** The E.164 form of a typed mobile number of the market (`+919876543210`, `+6281234567890`), or null if it is not one. */
export const parsePhone = (typed: string, market: Market): string | null => {
  const national = nationalOf(typed, market);
  return national === null ? null : `+${PhoneRules[market].countryCode}${national}`;
};

export const isValidPhone = (typed: string, market: Market): boolean => nationalOf(typed, market) !== null;

/**
 * The other market whose mobile a typed number is, when it is not one of `market` (issue 48): an
 * Indonesian `0812 3456 7890` on the India login is told to be Indonesian, never cut or read as
 * Indian. A number both markets would take (`0812 3456 789`) is the page's own market's.
 */
export const otherMarketOfPhone = (typed: string, market: Market): Market | null => {
  if (isValidPhone(typed, market)) return null;
  return Object.values(Market).find((other) => other !== market && isValidPhone(typed, other)) ?? null;
};

const group = (digits: string, sizes: readonly number[]): string => {
  const parts: string[] = [];
  let rest = digits;
  for (const size of sizes) {
    if (rest.length <= size) break;
    parts.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  if (rest) parts.push(rest);
  return parts.join(' ');
};

/**
 * A stored (E.164) or typed number as the market writes it at home, grouped: `98765 43210`,
 * `0812 3456 7890`. Anything that is not a mobile of the market is shown as it came.
 */
export const formatPhone = (phone: string, market: Market): string => {
  const national = nationalOf(phone, market);
  if (national === null) return phone;
  const rule = PhoneRules[market];
  return group(rule.trunkZeroShown ? `0${national}` : national, rule.trunkZeroShown ? [4, 4] : rule.groups);
};

/**
 * The phone input's mask as the borrower types: digits (and a leading +) only, capped at the
 * market's longest number, grouped as `formatPhone` shows it; another market's mobile as that market writes it.
 */
export const maskPhoneInput = (typed: string, market: Market): string => {
  // another market's number keeps all its digits, grouped as it is written there, so the page can say whose it is
  const other = otherMarketOfPhone(typed, market);
  if (other !== null) return maskPhoneInput(typed, other);
  const rule = PhoneRules[market];
  const plus = typed.trim().startsWith('+');
  const digits = typed.replace(/\D/g, '');
  if (plus) {
    const code = digits.slice(0, rule.countryCode.length);
    const national = digits.slice(code.length, code.length + rule.nationalMax);
    return [`+${code}`, group(national, rule.groups)].filter((part) => part !== '+' && part !== '').join(' ') || '+';
  }
  if (digits.startsWith('0')) {
    const national = digits.slice(1, 1 + rule.nationalMax);
    return rule.trunkZeroShown ? group(`0${national}`, [4, 4]) : `0${group(national, rule.groups)}`;
  }
  return group(digits.slice(0, rule.nationalMax), rule.groups);
};

/** Longest text the phone input takes: `+62 812 3456 78901` and the like. */
export const PHONE_INPUT_MAX_LENGTH = 18;
