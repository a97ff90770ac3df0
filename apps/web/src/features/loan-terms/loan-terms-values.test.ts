import { interpolate } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { loanTermsValues } from './loan-terms-values';
import enIN from './texts/en-IN';
import idID from './texts/id-ID';

const lender = {
  appName: 'Kilat',
  name: 'Lender Ltd',
  address: '1 Road',
  registration: 'CoR N-1',
  phone: '+1',
  email: 'a@b.c',
  grievance: { name: 'Nodal Officer', phone: '+2', email: 'nodal@b.c' },
};
const render = (texts: typeof enIN, values: Record<string, string | number>) =>
  [
    texts.intro,
    ...texts.sections.flatMap((section) => [section.heading, ...section.paragraphs, ...(section.items ?? []), ...(section.after ?? [])]),
  ]
    .map((line) => interpolate(line, values))
    .join('\n');

describe('loan terms document', () => {
  it('names the lender with its registration and its grievance officer, with the way to the regulator (issue 49)', () => {
    const india = render(enIN, loanTermsValues('IN', lender));
    expect(india).toContain('Registration: CoR N-1.');
    expect(india).toContain('Nodal grievance redressal officer: Nodal Officer, +2, nodal@b.c.');
    expect(india).toContain('cms.rbi.org.in, helpline 14448');
    const indonesia = render(idID, loanTermsValues('ID', lender));
    expect(indonesia).toContain('Izin: CoR N-1.');
    expect(indonesia).toContain('LAPS SJK');
  });

  it('states the India late penalty of spec §9: Rs.1,000 new, Rs.800 repeat, then 5%, 4% and 2% a day', () => {
    const text = render(enIN, loanTermsValues('IN', lender));
    expect(text).toContain('₹1,000.00 for new clients and ₹800.00 for repeat clients');
    expect(text).toContain('5% a day for days 1 to 30');
    expect(text).toContain('4% a day for days 31 to 90');
    expect(text).toContain('2% a day from day 91 onward');
    expect(text).toContain('never compounded');
  });

  it('states the India loan range, the 91 to 365 day term, prepayment, decision and credit times', () => {
    const text = render(enIN, loanTermsValues('IN', lender));
    expect(text).toContain('from ₹2,000.00 to ₹80,000.00');
    expect(text).toContain('91 to 365 days');
    expect(text).toContain('half of the loan term has passed, and not before day 7');
    expect(text).toContain('within 1 day');
    expect(text).toContain('within 1 to 3 days');
  });

  it('states the Indonesian caps: 0.1% a day for interest and late fees, total cost at most 100% of the principal', () => {
    const text = render(idID, loanTermsValues('ID', lender));
    expect(text).toContain('Bunga dibatasi paling tinggi 0,1% per hari');
    expect(text).toContain('Denda keterlambatan dibatasi paling tinggi 0,1% per hari');
    expect(text).toContain('tidak akan pernah melebihi 100% dari pokok pinjaman');
    expect(text).toMatch(/mulai Rp\s1\.000\.000,00 sampai Rp\s15\.000\.000,00/);
    expect(text).toContain('91 sampai 365 hari');
  });

  it('leaves no placeholder unfilled in either pack', () => {
    expect(render(enIN, loanTermsValues('IN', lender))).not.toMatch(/\{\w+\}/);
    expect(render(idID, loanTermsValues('ID', lender))).not.toMatch(/\{\w+\}/);
  });
});
