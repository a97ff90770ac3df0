import type { Market } from '@kilat/contract';
import { isCityOf } from '@kilat/contract/cities';
import { digitsOnly } from '@/shared/input-masks';

export const employments = ['salaried', 'self-employed', 'other'] as const;
export type EmploymentChoice = (typeof employments)[number];

export interface ApplicationFields {
  name: string;
  /** whole rupees a month (India) or rupiah a year (Indonesia), digits only */
  salary: string;
  employment: EmploymentChoice | '';
  city: string;
  /** YYYY-MM-DD, as a date input gives it */
  birthDate: string;
  /** Indonesia: '1' married, '0' not (the age rule: 18+, or married) */
  married: '' | '0' | '1';
}

export type FieldProblem = 'nameInvalid' | 'salaryInvalid' | 'employmentRequired' | 'cityRequired' | 'birthDateInvalid';

const NAME = /^[\p{L}][\p{L} .'-]*$/u;

/** The salary input keeps digits, at most 12, without a leading zero. */
export const limitSalary = (text: string): string => digitsOnly(text).replace(/^0+/, '').slice(0, 12);

/** Each field's problem, as the contract's application schema would refuse it; empty when all is well. */
export const applicationProblems = (market: Market, fields: ApplicationFields): Partial<Record<keyof ApplicationFields, FieldProblem>> => {
  const problems: Partial<Record<keyof ApplicationFields, FieldProblem>> = {};
  const name = fields.name.trim();
  if (name.length < 2 || name.length > 60 || !NAME.test(name)) problems.name = 'nameInvalid';
  if (!/^[1-9]\d{0,11}$/.test(fields.salary)) problems.salary = 'salaryInvalid';
  if (!fields.employment) problems.employment = 'employmentRequired';
  if (!isCityOf(market, fields.city)) problems.city = 'cityRequired';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.birthDate)) problems.birthDate = 'birthDateInvalid';
  return problems;
};

/** The field a refusal of the server names (its envelope's `data.field`), if it is one of the form's; else null. */
export const refusedField = (data: unknown): keyof ApplicationFields | null => {
  const field = typeof data === 'object' && data !== null && 'field' in data ? (data as { field: unknown }).field : null;
  return field === 'salary' || field === 'birthDate' || field === 'name' || field === 'city' ? field : null;
};
