/**
 * Who the borrower is (issue 29 item 2): the format rules of the identity numbers, checked as the
 * borrower types (the page imports these) and again by the server before anything is sent to the
 * identity provider or stored. India: the PAN of an individual and the Aadhaar number with its
 * Verhoeff check digit. Indonesia: the NIK of the KTP, whose region codes and birth date (the day
 * plus 40 for women) must agree with the birth date given. No zod here: the browser may import it.
 */
import { Market } from './common-params.js';

/** Income Tax Department's PAN of an individual: three letters, P (a person), the surname's initial, four digits, a check letter. */
export const INDIVIDUAL_PAN = /^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$/;
/** A PAN of any holder (company, trust, …): refused with its own message, since Kilat lends to persons. */
const ANY_PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** What the page shows for a document the provider checked: PAN with Aadhaar in India, NIK with the KTP photo in Indonesia. */
export type IdentityDocumentKind = 'pan_aadhaar' | 'nik_ktp';
export const IdentityDocumentKinds: Record<Market, IdentityDocumentKind> = { [Market.India]: 'pan_aadhaar', [Market.Indonesia]: 'nik_ktp' };

// Verhoeff's dihedral-group tables (UIDAI's check digit of the Aadhaar number)
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** Whether a string of digits ends in its Verhoeff check digit. */
export const verhoeffValid = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c]![P[i % 8]![Number(reversed[i])]!]!;
  return c === 0;
};

/** The Verhoeff check digit to append to `digits`. */
export const verhoeffDigit = (digits: string): number => {
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c]![P[(i + 1) % 8]![Number(reversed[i])]!]!;
  return INV[c]!;
};

/** Spaces and dashes a borrower types between groups (`1234 5678 9012`). */
const SEPARATORS = /[\s\-\u00a0]/g;
export const normalizeIdentityNumber = (typed: string): string => typed.replace(SEPARATORS, '').toUpperCase();

/** UIDAI issues 12 digits, never starting with 0 or 1, the last one the Verhoeff check digit. */
export type AadhaarProblem = 'identityAadhaarInvalid' | 'identityAadhaarCheckDigit';
export const aadhaarProblem = (typed: string): AadhaarProblem | null => {
  const digits = normalizeIdentityNumber(typed);
  if (!/^[2-9]\d{11}$/.test(digits)) return 'identityAadhaarInvalid';
  return verhoeffValid(digits) ? null : 'identityAadhaarCheckDigit';
};

export type PanProblem = 'identityPanInvalid' | 'identityPanNotPerson';
export const panProblem = (typed: string): PanProblem | null => {
  const pan = normalizeIdentityNumber(typed);
  if (INDIVIDUAL_PAN.test(pan)) return null;
  return ANY_PAN.test(pan) ? 'identityPanNotPerson' : 'identityPanInvalid';
};

/**
 * Indonesia's provinces by their Kemendagri code, the NIK's first two digits (Papua's 2022
 * provinces included): a NIK of any other code was never issued.
 */
export const NIK_PROVINCES: ReadonlySet<string> = new Set([
  ...['11', '12', '13', '14', '15', '16', '17', '18', '19', '21'],
  ...['31', '32', '33', '34', '35', '36', '51', '52', '53'],
  ...['61', '62', '63', '64', '65', '71', '72', '73', '74', '75', '76'],
  ...['81', '82', '91', '92', '93', '94', '95', '96'],
]);

/** What a NIK says: where it was issued, the birth date's day, month and two-digit year, and the holder's sex. */
export interface ParsedNik {
  province: string;
  regency: string;
  district: string;
  birthDay: number;
  birthMonth: number;
  /** the year's last two digits: the century is the birth date's */
  birthYear2: number;
  female: boolean;
  serial: string;
}

export type NikProblem = 'identityNikInvalid' | 'identityNikRegion' | 'identityNikDate';

/** The parts of a NIK (PP KK CC DDMMYY SSSS, the day plus 40 for women), or why it cannot be one. */
export const parseNik = (typed: string): { ok: true; nik: ParsedNik } | { ok: false; problem: NikProblem } => {
  const nik = normalizeIdentityNumber(typed);
  if (!/^\d{16}$/.test(nik)) return { ok: false, problem: 'identityNikInvalid' };
  const province = nik.slice(0, 2);
  const regency = nik.slice(2, 4);
  const district = nik.slice(4, 6);
  const serial = nik.slice(12, 16);
  if (!NIK_PROVINCES.has(province) || regency === '00' || district === '00') return { ok: false, problem: 'identityNikRegion' };
  const coded = Number(nik.slice(6, 8));
  const female = coded > 40;
  const birthDay = female ? coded - 40 : coded;
  const birthMonth = Number(nik.slice(8, 10));
  const birthYear2 = Number(nik.slice(10, 12));
  if (birthDay < 1 || birthDay > 31 || birthMonth < 1 || birthMonth > 12 || serial === '0000') {
    return { ok: false, problem: 'identityNikDate' };
  }
  return { ok: true, nik: { province, regency, district, birthDay, birthMonth, birthYear2, female, serial } };
};

/** Whether the NIK's birth date is the one given (YYYY-MM-DD). */
export const nikAgreesWithBirthDate = (nik: ParsedNik, birthDate: string): boolean => {
  const [year, month, day] = birthDate.split('-').map(Number);
  return day === nik.birthDay && month === nik.birthMonth && (year ?? 0) % 100 === nik.birthYear2;
};

/** A person's name as on the document: letters, spaces, dots, apostrophes and hyphens. */
const PERSON_NAME = /^[\p{L}][\p{L} .'-]{1,99}$/u;
export const normalizePersonName = (typed: string): string => typed.trim().replace(/\s+/g, ' ');

/** A calendar date (YYYY-MM-DD) that exists, in the past, and at most 100 years ago. */
export const isBirthDate = (typed: string, today: Date): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return date.getTime() < today.getTime() && year > today.getUTCFullYear() - 100;
};

export interface IdentityInput {
  name?: string | undefined;
  birthDate?: string | undefined;
  pan?: string | undefined;
  aadhaar?: string | undefined;
  nik?: string | undefined;
}

export type IdentityProblem =
  | 'identityNameInvalid'
  | 'identityBirthDateInvalid'
  | PanProblem
  | AadhaarProblem
  | NikProblem
  | 'identityNikBirthDate';

/** Which field of the form an identity problem belongs to. */
export const IdentityProblemField: Record<IdentityProblem, keyof IdentityInput> = {
  identityNameInvalid: 'name',
  identityBirthDateInvalid: 'birthDate',
  identityPanInvalid: 'pan',
  identityPanNotPerson: 'pan',
  identityAadhaarInvalid: 'aadhaar',
  identityAadhaarCheckDigit: 'aadhaar',
  identityNikInvalid: 'nik',
  identityNikRegion: 'nik',
  identityNikDate: 'nik',
  identityNikBirthDate: 'nik',
};

export type CheckedIdentity =
  | { market: 'IN'; name: string; birthDate: string; pan: string; aadhaar: string }
  | { market: 'ID'; name: string; birthDate: string; nik: string; female: boolean };

/** The identity fields of a market checked in the order the page shows them: the first problem, or the normalized values. */
export const checkIdentity = (
  market: Market,
  input: IdentityInput,
  today: Date,
): { ok: true; identity: CheckedIdentity } | { ok: false; problem: IdentityProblem } => {
  const name = normalizePersonName(input.name ?? '');
  if (!PERSON_NAME.test(name)) return { ok: false, problem: 'identityNameInvalid' };
  const birthDate = (input.birthDate ?? '').trim();
  if (!isBirthDate(birthDate, today)) return { ok: false, problem: 'identityBirthDateInvalid' };
  if (market === Market.India) {
    const pan = panProblem(input.pan ?? '');
    if (pan) return { ok: false, problem: pan };
    const aadhaar = aadhaarProblem(input.aadhaar ?? '');
    if (aadhaar) return { ok: false, problem: aadhaar };
    return {
      ok: true,
      identity: {
        market,
        name,
        birthDate,
        pan: normalizeIdentityNumber(input.pan ?? ''),
        aadhaar: normalizeIdentityNumber(input.aadhaar ?? ''),
      },
    };
  }
  const parsed = parseNik(input.nik ?? '');
  if (!parsed.ok) return { ok: false, problem: parsed.problem };
  if (!nikAgreesWithBirthDate(parsed.nik, birthDate)) return { ok: false, problem: 'identityNikBirthDate' };
  return { ok: true, identity: { market, name, birthDate, nik: normalizeIdentityNumber(input.nik ?? ''), female: parsed.nik.female } };
};

/**
 * Every problem of the typed identity fields at once, one per field in the order the page shows
 * them (issue 48: a borrower is told all that is wrong, not one field a tap). Empty when all is well.
 */
export const identityProblems = (market: Market, input: IdentityInput, today: Date): IdentityProblem[] => {
  const problems: IdentityProblem[] = [];
  if (!PERSON_NAME.test(normalizePersonName(input.name ?? ''))) problems.push('identityNameInvalid');
  const birthDate = (input.birthDate ?? '').trim();
  const birthDateValid = isBirthDate(birthDate, today);
  if (!birthDateValid) problems.push('identityBirthDateInvalid');
  if (market === Market.India) {
    const pan = panProblem(input.pan ?? '');
    if (pan) problems.push(pan);
    const aadhaar = aadhaarProblem(input.aadhaar ?? '');
    if (aadhaar) problems.push(aadhaar);
    return problems;
  }
  const parsed = parseNik(input.nik ?? '');
  if (!parsed.ok) problems.push(parsed.problem);
  // the NIK's own birth date is compared only with a birth date that is itself valid
  else if (birthDateValid && !nikAgreesWithBirthDate(parsed.nik, birthDate)) problems.push('identityNikBirthDate');
  return problems;
};
