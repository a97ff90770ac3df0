import { Market } from '@kilat/contract';
import { citiesStartingWith } from '@kilat/contract/cities';
import { describe, expect, it } from 'vitest';
import { applicationProblems, limitSalary } from './application-rules';

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
    expect(citiesStartingWith(Market.India, 'ben')).toEqual(['Bengaluru']);
    expect(citiesStartingWith(Market.India, 'mum')).toEqual(['Mumbai', 'Navi Mumbai']);
    expect(citiesStartingWith(Market.Indonesia, 'selatan')).toEqual(['Jakarta Selatan', 'Tangerang Selatan']);
    expect(citiesStartingWith(Market.Indonesia, 'mum')).toEqual([]);
  });
});
