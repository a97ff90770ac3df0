import { Market } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addWorkingDays, weekdayOf } from './business-date.js';
import { type ApplicationFacts, ageOn, decideApplication, meetsIncomeFloor, reviewDueAt, screenApplicant } from './decision.js';

const product = { amountMinMinor: 200_000, amountMaxMinor: 8_000_000, amountStepMinor: 50_000, termOptions: [91, 120, 180] };

const facts = (overrides: Partial<ApplicationFacts> = {}): ApplicationFacts => ({
  market: Market.India,
  today: '2026-11-26',
  birthDate: '1990-04-12',
  married: null,
  monthlySalaryMinor: 4_500_000,
  employment: 'salaried',
  amountMinor: 2_000_000,
  termDays: 91,
  product,
  limitMinor: 8_000_000,
  openPrincipalMinor: 0,
  accountNameScore: 100,
  identityStatus: 'verified',
  ...overrides,
});

describe('the decision engine (issue 29, decision 148)', () => {
  it('approves an adult salaried applicant above the floor, within range, term and limit, every rule passed and stored', () => {
    const decision = decideApplication(facts());
    expect(decision.outcome).toBe('approved');
    expect(decision.mainReason).toBeNull();
    expect(decision.results.map((result) => [result.rule, result.outcome])).toEqual([
      ['identityVerified', 'pass'],
      ['age', 'pass'],
      ['incomeFloor', 'pass'],
      ['amountInRange', 'pass'],
      ['termInRange', 'pass'],
      ['openLoansWithinLimit', 'pass'],
      ['accountNameMatch', 'pass'],
      ['employment', 'pass'],
    ]);
  });

  it('holds India to Rs.12,000 a month and Indonesia to Rp 5,000,000 a year (spec §1)', () => {
    expect(meetsIncomeFloor(Market.India, 1_200_000)).toBe(true);
    expect(meetsIncomeFloor(Market.India, 1_199_999)).toBe(false);
    // Rp 416,667 a month is Rp 5,000,004 a year
    expect(meetsIncomeFloor(Market.Indonesia, 41_666_700)).toBe(true);
    expect(meetsIncomeFloor(Market.Indonesia, 41_666_600)).toBe(false);
  });

  it('rejects with the first failed rule as the main reason, and the day the borrower may apply again', () => {
    const poor = decideApplication(facts({ monthlySalaryMinor: 1_000_000, amountMinor: 9_000_000 }));
    expect(poor).toMatchObject({ outcome: 'rejected', mainReason: 'incomeFloor', reapplyOn: addDays('2026-11-26', 30) });
    // every rule is still stored, the amount's failure too
    expect(poor.results.find((result) => result.rule === 'amountInRange')?.outcome).toBe('fail');
    const tooMuch = decideApplication(facts({ amountMinor: 8_000_001 }));
    expect(tooMuch).toMatchObject({ outcome: 'rejected', mainReason: 'amountInRange', reapplyOn: '2026-11-26' });
    expect(decideApplication(facts({ amountMinor: 2_010_000 })).mainReason).toBe('amountInRange');
    expect(decideApplication(facts({ termDays: 100 })).mainReason).toBe('termInRange');
    expect(decideApplication(facts({ openPrincipalMinor: 7_000_000 })).mainReason).toBe('openLoansWithinLimit');
    expect(decideApplication(facts({ accountNameScore: 40 })).mainReason).toBe('accountNameMatch');
  });

  it('lends from 18, or in Indonesia to a married person younger; a minor may apply again the day they turn 18', () => {
    expect(ageOn('2008-11-26', '2026-11-26')).toBe(18);
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    const minor = decideApplication(facts({ birthDate: '2008-11-30' }));
    expect(minor).toMatchObject({ outcome: 'rejected', mainReason: 'age', reapplyOn: '2026-11-30' });
    const indonesian = { market: Market.Indonesia, birthDate: '2009-05-01', monthlySalaryMinor: 800_000_000 } as const;
    expect(decideApplication(facts({ ...indonesian, married: true })).outcome).toBe('approved');
    expect(decideApplication(facts({ ...indonesian, married: false })).mainReason).toBe('age');
    // India has no marriage exception
    expect(decideApplication(facts({ birthDate: '2009-05-01', married: true })).mainReason).toBe('age');
  });

  it('sends to manual review what a person must look at: an unknown birth date, an Indian income that is not a salary', () => {
    expect(decideApplication(facts({ birthDate: null }))).toMatchObject({ outcome: 'review', mainReason: null, reapplyOn: null });
    expect(decideApplication(facts({ employment: 'self-employed' })).outcome).toBe('review');
    // Indonesia lends to any income above the floor
    expect(decideApplication(facts({ market: Market.Indonesia, monthlySalaryMinor: 800_000_000, employment: 'other' })).outcome).toBe(
      'approved',
    );
    // a failure outweighs a review
    expect(decideApplication(facts({ employment: 'other', monthlySalaryMinor: 100 })).outcome).toBe('rejected');
  });

  it('lends only to a verified identity (decision 161): a check the provider is still deciding goes to a person, none or failed is refused', () => {
    for (const market of [Market.India, Market.Indonesia]) {
      const verified = decideApplication(facts({ market, monthlySalaryMinor: 800_000_000, identityStatus: 'verified' }));
      expect(verified.outcome).toBe('approved');
      const pending = decideApplication(facts({ market, monthlySalaryMinor: 800_000_000, identityStatus: 'pending' }));
      expect(pending).toMatchObject({ outcome: 'review', mainReason: null });
      expect(pending.results.find((result) => result.rule === 'identityVerified')).toMatchObject({
        outcome: 'review',
        detail: { status: 'pending' },
      });
      for (const identityStatus of ['none', 'failed'] as const) {
        const refused = decideApplication(facts({ market, monthlySalaryMinor: 800_000_000, identityStatus }));
        // tried again at once, once the identity is verified
        expect(refused).toMatchObject({ outcome: 'rejected', mainReason: 'identityVerified', reapplyOn: '2026-11-26' });
      }
    }
    // the identity is told first: who the borrower is comes before what they stated
    expect(decideApplication(facts({ identityStatus: 'failed', monthlySalaryMinor: 100 })).mainReason).toBe('identityVerified');
  });

  it('gives a review the spec’s one day (§9: a loan decision within 1 day)', () => {
    expect(reviewDueAt(new Date('2026-11-26T10:00:00Z'))).toEqual(new Date('2026-11-27T10:00:00Z'));
  });

  it('screens on the application only what the applicant stated: age and income floor', () => {
    const base = { market: Market.India, today: '2026-11-26', birthDate: '1990-01-01', married: null, monthlySalaryMinor: 4_500_000 };
    expect(screenApplicant(base)).toBeNull();
    expect(screenApplicant({ ...base, monthlySalaryMinor: 1_199_900 })).toEqual({ rule: 'incomeFloor', reapplyOn: '2026-12-26' });
    expect(screenApplicant({ ...base, birthDate: '2010-01-01' })?.rule).toBe('age');
  });

  it('never approves an application any rule fails, and approves only when every rule passes', () => {
    fc.assert(
      fc.property(
        fc.record({
          monthlySalaryMinor: fc.integer({ min: 0, max: 10_000_000 }),
          amountMinor: fc.integer({ min: 100_000, max: 9_000_000 }),
          termDays: fc.constantFrom(60, 91, 120, 180, 365),
          openPrincipalMinor: fc.integer({ min: 0, max: 8_000_000 }),
          accountNameScore: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
          employment: fc.constantFrom('salaried', 'self-employed', 'other'),
          identityStatus: fc.constantFrom('none', 'pending', 'verified', 'failed' as const),
        }),
        (varied) => {
          const decision = decideApplication(facts(varied));
          const outcomes = decision.results.map((result) => result.outcome);
          expect(decision.outcome === 'approved').toBe(outcomes.every((outcome) => outcome === 'pass'));
          expect(decision.outcome === 'rejected').toBe(outcomes.includes('fail'));
        },
      ),
    );
  });
});

describe('working days (the key fact statement is valid at least 3 of them)', () => {
  it('skips Saturdays and Sundays', () => {
    // 2026-11-26 is a Thursday
    expect(weekdayOf('2026-11-26')).toBe(4);
    expect(addWorkingDays('2026-11-26', 3)).toBe('2026-12-01');
    expect(addWorkingDays('2026-11-23', 3)).toBe('2026-11-26');
  });
});
