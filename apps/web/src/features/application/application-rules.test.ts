import { Market } from '@kilat/contract';
import { Cities, CityAliases, citiesStartingWith, isCityOf, OTHER_CITY } from '@kilat/contract/cities';
import { describe, expect, it } from 'vitest';
import { applicationProblems, limitSalary, refusedField } from './application-rules';

const valid = {
  name: 'Meera Iyer',
  salary: '45000',
  employment: 'salaried' as const,
  city: 'Pune',
  birthDate: '1994-02-11',
  married: '' as const,
};

describe('the application form', () => {
  it('accepts a complete application', () => {
    expect(applicationProblems(Market.India, valid)).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(
      applicationProblems(Market.India, { name: '1', salary: '', employment: '', city: 'Surabaya', birthDate: '', married: '' }),
    ).toEqual({
      name: 'nameInvalid',
      salary: 'salaryInvalid',
      employment: 'employmentRequired',
      city: 'cityRequired',
      birthDate: 'birthDateInvalid',
    });
  });

  it('keeps the salary to digits without a leading zero', () => {
    expect(limitSalary('0045,000 Rs')).toBe('45000');
  });

  it("finds a city by the start of its name or of any of its words, in the market's list only", () => {
    expect(citiesStartingWith(Market.India, 'beng')).toEqual(['Bengaluru']);
    // 'ben' also finds Varanasi by its other name, Benares (issue 30)
    expect(citiesStartingWith(Market.India, 'ben')).toEqual(['Bengaluru', 'Varanasi']);
    expect(citiesStartingWith(Market.India, 'mum')).toEqual(['Mumbai', 'Navi Mumbai']);
    expect(citiesStartingWith(Market.Indonesia, 'selatan')).toEqual(['Jakarta Selatan', 'Tangerang Selatan']);
    expect(citiesStartingWith(Market.Indonesia, 'mum')).toEqual([]);
  });

  it('finds a city by the names borrowers use for it, and names it as the list does (issue 30)', () => {
    expect(citiesStartingWith(Market.India, 'Bangalore')).toEqual(['Bengaluru']);
    expect(citiesStartingWith(Market.India, 'bombay')).toEqual(['Mumbai']);
    expect(citiesStartingWith(Market.India, 'Gurgaon')).toEqual(['Gurugram']);
    expect(citiesStartingWith(Market.Indonesia, 'jogja')).toEqual(['Yogyakarta']);
    expect(citiesStartingWith(Market.Indonesia, 'Bangalore')).toEqual([]);
    // every other name leads to a city of its market's list
    for (const market of [Market.India, Market.Indonesia])
      for (const city of Object.keys(CityAliases[market])) expect(Cities[market]).toContain(city);
  });

  it("takes the 'other city' choice for a town not in the list", () => {
    expect(isCityOf(Market.India, OTHER_CITY)).toBe(true);
    expect(isCityOf(Market.Indonesia, OTHER_CITY)).toBe(true);
    expect(isCityOf(Market.India, 'Bangalore')).toBe(false);
  });

  it("marks the field a server's refusal names (its envelope's data.field), and no field for anything else (issue 48)", () => {
    expect(refusedField({ field: 'salary' })).toBe('salary');
    expect(refusedField({ field: 'birthDate' })).toBe('birthDate');
    expect(refusedField({ field: 'password' })).toBeNull();
    expect(refusedField(null)).toBeNull();
    expect(refusedField('salary')).toBeNull();
  });
});
