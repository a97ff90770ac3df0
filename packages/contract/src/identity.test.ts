import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aadhaarProblem,
  checkIdentity,
  identityProblems,
  nikAgreesWithBirthDate,
  panProblem,
  parseNik,
  verhoeffDigit,
  verhoeffValid,
} from './identity.js';

const TODAY = new Date('2026-11-26T00:00:00Z');

describe("Verhoeff's check digit (the Aadhaar number's last digit)", () => {
  it("gives the textbook example's digit: 236 → 2363", () => {
    expect(verhoeffDigit('236')).toBe(3);
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
  });

  it('accepts every number ending in its own check digit, and refuses it with any other last digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{10}$/), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const digit = verhoeffDigit(body);
        expect(verhoeffValid(`${body}${digit}`)).toBe(true);
        expect(verhoeffValid(`${body}${(digit + shift) % 10}`)).toBe(false);
      }),
    );
  });

  it('catches every swap of two neighbouring different digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{10}$/), fc.integer({ min: 0, max: 10 }), (body, at) => {
        const number = `${body}${verhoeffDigit(body)}`;
        fc.pre(number[at] !== number[at + 1]);
        const swapped = `${number.slice(0, at)}${number[at + 1]}${number[at]}${number.slice(at + 2)}`;
        expect(verhoeffValid(swapped)).toBe(false);
      }),
    );
  });
});

describe('the Aadhaar number', () => {
  const valid = `23456789012${verhoeffDigit('23456789012')}`;

  it('takes 12 digits ending in the Verhoeff digit, typed in groups or not', () => {
    expect(aadhaarProblem(valid)).toBeNull();
    expect(aadhaarProblem(`${valid.slice(0, 4)} ${valid.slice(4, 8)} ${valid.slice(8)}`)).toBeNull();
  });

  it('refuses a wrong check digit apart from a wrong length or a first digit of 0 or 1', () => {
    expect(aadhaarProblem(`${valid.slice(0, 11)}${(Number(valid[11]) + 1) % 10}`)).toBe('identityAadhaarCheckDigit');
    expect(aadhaarProblem(valid.slice(0, 11))).toBe('identityAadhaarInvalid');
    expect(aadhaarProblem(`1${valid.slice(1)}`)).toBe('identityAadhaarInvalid');
    expect(aadhaarProblem('2345-6789-012x')).toBe('identityAadhaarInvalid');
  });
});

describe('the PAN of a person', () => {
  it('takes AAAPA9999A with P as the fourth letter, in any case', () => {
    expect(panProblem('ABCPE1234F')).toBeNull();
    expect(panProblem('abcpe1234f')).toBeNull();
  });

  it("refuses a company's PAN apart from one of the wrong form", () => {
    expect(panProblem('ABCCE1234F')).toBe('identityPanNotPerson');
    expect(panProblem('ABCPE12345')).toBe('identityPanInvalid');
    expect(panProblem('AB1PE1234F')).toBe('identityPanInvalid');
    expect(panProblem('')).toBe('identityPanInvalid');
  });
});

describe('the NIK', () => {
  it("reads a woman's NIK: region codes, the day less 40, month and year", () => {
    const parsed = parseNik('3174 0545 0890 0012');
    expect(parsed).toEqual({
      ok: true,
      nik: {
        province: '31',
        regency: '74',
        district: '05',
        birthDay: 5,
        birthMonth: 8,
        birthYear2: 90,
        female: true,
        serial: '0012',
      },
    });
    if (parsed.ok) {
      expect(nikAgreesWithBirthDate(parsed.nik, '1990-08-05')).toBe(true);
      expect(nikAgreesWithBirthDate(parsed.nik, '1990-08-45')).toBe(false);
      expect(nikAgreesWithBirthDate(parsed.nik, '1991-08-05')).toBe(false);
    }
  });

  it("reads a man's NIK with the day as it is", () => {
    const parsed = parseNik('3273011203950007');
    expect(parsed.ok && parsed.nik).toMatchObject({ province: '32', birthDay: 12, birthMonth: 3, birthYear2: 95, female: false });
  });

  it('refuses a wrong length, a province never issued, a zero regency, and an impossible day or month', () => {
    expect(parseNik('317405450890001')).toEqual({ ok: false, problem: 'identityNikInvalid' });
    expect(parseNik('9974054508900012')).toEqual({ ok: false, problem: 'identityNikRegion' });
    expect(parseNik('3100054508900012')).toEqual({ ok: false, problem: 'identityNikRegion' });
    expect(parseNik('3174053508900012')).toEqual({ ok: false, problem: 'identityNikDate' });
    expect(parseNik('3174057508900012')).toEqual({ ok: false, problem: 'identityNikDate' });
    expect(parseNik('3174050513900012')).toEqual({ ok: false, problem: 'identityNikDate' });
  });

  it('agrees with any birth date it encodes, for women and men', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1930-01-01'), max: new Date('2008-12-31'), noInvalidDate: true }),
        fc.boolean(),
        (date, female) => {
          const iso = date.toISOString().slice(0, 10);
          const [year, month, day] = iso.split('-');
          const coded = String(Number(day) + (female ? 40 : 0)).padStart(2, '0');
          const parsed = parseNik(`317405${coded}${month}${year!.slice(2)}0001`);
          expect(parsed.ok).toBe(true);
          if (parsed.ok) {
            expect(parsed.nik.female).toBe(female);
            expect(nikAgreesWithBirthDate(parsed.nik, iso)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('the identity form of each market', () => {
  it('checks India in page order and gives the numbers without separators', () => {
    const aadhaar = `98765432101${verhoeffDigit('98765432101')}`;
    expect(checkIdentity('IN', { name: ' Meera  Iyer ', birthDate: '1990-04-12', pan: 'abcpi1234f', aadhaar }, TODAY)).toEqual({
      ok: true,
      identity: { market: 'IN', name: 'Meera Iyer', birthDate: '1990-04-12', pan: 'ABCPI1234F', aadhaar },
    });
    expect(checkIdentity('IN', { name: '', birthDate: 'x', pan: 'x', aadhaar }, TODAY)).toEqual({
      ok: false,
      problem: 'identityNameInvalid',
    });
    expect(checkIdentity('IN', { name: 'Meera Iyer', birthDate: '1990-02-30', pan: 'ABCPI1234F', aadhaar }, TODAY)).toEqual({
      ok: false,
      problem: 'identityBirthDateInvalid',
    });
    expect(checkIdentity('IN', { name: 'Meera Iyer', birthDate: '2027-01-01', pan: 'ABCPI1234F', aadhaar }, TODAY)).toEqual({
      ok: false,
      problem: 'identityBirthDateInvalid',
    });
  });

  it('refuses a NIK whose birth date is not the one given', () => {
    expect(checkIdentity('ID', { name: 'Siti Rahma', birthDate: '1990-08-06', nik: '3174054508900012' }, TODAY)).toEqual({
      ok: false,
      problem: 'identityNikBirthDate',
    });
    expect(checkIdentity('ID', { name: 'Siti Rahma', birthDate: '1990-08-05', nik: '3174054508900012' }, TODAY)).toEqual({
      ok: true,
      identity: { market: 'ID', name: 'Siti Rahma', birthDate: '1990-08-05', nik: '3174054508900012', female: true },
    });
  });
});

describe('every problem of the identity fields at once (issue 48)', () => {
  it('names each wrong field of India’s form, in the order the page shows them', () => {
    expect(identityProblems('IN', { name: '', birthDate: '2027-01-01', pan: 'ABC', aadhaar: '1234' }, TODAY)).toEqual([
      'identityNameInvalid',
      'identityBirthDateInvalid',
      'identityPanInvalid',
      'identityAadhaarInvalid',
    ]);
    expect(
      identityProblems('IN', { name: 'Meera Iyer', birthDate: '1990-04-12', pan: 'ABCPI1234F', aadhaar: '234567890124' }, TODAY),
    ).toEqual([]);
  });

  it('names the NIK and the name of Indonesia’s form together, and the NIK’s birth date only against a valid one', () => {
    expect(identityProblems('ID', { name: '1', birthDate: '1990-08-05', nik: '12' }, TODAY)).toEqual([
      'identityNameInvalid',
      'identityNikInvalid',
    ]);
    expect(identityProblems('ID', { name: 'Siti Rahma', birthDate: '1990-08-06', nik: '3174054508900012' }, TODAY)).toEqual([
      'identityNikBirthDate',
    ]);
    expect(identityProblems('ID', { name: 'Siti Rahma', birthDate: '', nik: '3174054508900012' }, TODAY)).toEqual([
      'identityBirthDateInvalid',
    ]);
  });

  it('starts with the problem checkIdentity gives, and is empty exactly when checkIdentity passes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'IN' | 'ID'>('IN', 'ID'),
        fc.constantFrom('', 'Meera Iyer', 'x1'),
        fc.constantFrom('', '1990-08-05', '2030-01-01'),
        fc.constantFrom('', 'ABCPI1234F', 'ABCD'),
        fc.constantFrom('', '234567890124', '234567890125'),
        fc.constantFrom('', '3174054508900012', '9999'),
        (market, name, birthDate, pan, aadhaar, nik) => {
          const input = { name, birthDate, pan, aadhaar, nik };
          const check = checkIdentity(market, input, TODAY);
          const problems = identityProblems(market, input, TODAY);
          if (check.ok) expect(problems).toEqual([]);
          else expect(problems[0]).toBe(check.problem);
        },
      ),
    );
  });
});
