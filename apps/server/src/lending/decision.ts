/**
 * The decision engine (issue 29, decision 148): each market's rules in one place, pure. A rule reads
 * the application's facts and answers pass, fail or review; the first failure is the main reason
 * told to the borrower (with the day they may apply again), else any review sends the application
 * to the risk role's queue, else it is approved. Adding a rule is one function here and, when it
 * reads something new, one fact in `ApplicationFacts`. The identity check (`identityVerified`, decision
 * 161) reads the KYC provider's outcome; a verified document's birth date and name are the facts the age
 * rule and the account's name match read (the loans service fills them from `identityOf`).
 */
import { formatMoney, Market, MarketTerms, salaryFloorMinor } from '@kilat/contract';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import { NAME_MATCH_THRESHOLD } from './name-match.js';
import type { Speak } from './pricing-view.js';

export type RuleOutcome = 'pass' | 'fail' | 'review';

/** Every rule's name: stored with the order's results and the key of its reason text (`decisionReason_<rule>`). */
export const DecisionRules = [
  'age',
  'incomeFloor',
  'employment',
  'amountInRange',
  'termInRange',
  'openLoansWithinLimit',
  'accountNameMatch',
  'identityVerified',
] as const;
export type DecisionRule = (typeof DecisionRules)[number];

export interface ApplicationFacts {
  market: Market;
  today: BusinessDate;
  /** the verified identity document's birth date, else the one the application stated; null when none was given (a person checks) */
  birthDate: BusinessDate | null;
  /** Indonesia: a married person may borrow under 18 (UU Perkawinan); null when not asked */
  married: boolean | null;
  monthlySalaryMinor: number;
  employment: string | null;
  amountMinor: number;
  termDays: number;
  product: { amountMinMinor: number; amountMaxMinor: number; amountStepMinor: number; termOptions: readonly number[] };
  /** the borrower's limit (offer-choice.ts) */
  limitMinor: number;
  /** the principal of the borrower's other loans still open or under review */
  openPrincipalMinor: number;
  /** the disbursal account's name score against the identity's, else the application's (decision 133); null when its gateway checks by paying */
  accountNameScore: number | null;
  /** the borrower's identity check at the KYC provider (identity module's `identityOf`, decision 161) */
  identityStatus: IdentityStatus;
}

/** none: never checked, or India's check still waiting for UIDAI's code */
export type IdentityStatus = 'none' | 'pending' | 'verified' | 'failed';

export interface RuleResult {
  rule: DecisionRule;
  outcome: RuleOutcome;
  /** what the rule read, as the review queue shows it */
  detail: Record<string, string | number | boolean | null>;
  /** a failure: the borrower may apply again after this many days */
  reapplyAfterDays?: number;
}

export type Outcome = 'approved' | 'rejected' | 'review';

export interface Decision {
  outcome: Outcome;
  results: RuleResult[];
  /** the rule a rejection is told by */
  mainReason: DecisionRule | null;
  /** a rejection: the first day the borrower may apply again */
  reapplyOn: BusinessDate | null;
}

/** Whole years from a birth date to today. */
export const ageOn = (birthDate: BusinessDate, today: BusinessDate): number => {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
};

export const ADULT_AGE = 18;
/** a rejection that waits on the borrower's own circumstances (income, age) may be tried again after a month */
const REAPPLY_CIRCUMSTANCES_DAYS = 30;
/** one chosen beyond a limit or range may be tried again at once with another amount */
const REAPPLY_NOW = 0;

type Rule = (facts: ApplicationFacts) => RuleResult;

const age = ({ birthDate, married, market, today }: ApplicationFacts): RuleResult => {
  if (birthDate === null || daysBetween(birthDate, today) < 0) return { rule: 'age', outcome: 'review', detail: { birthDate, age: null } };
  const years = ageOn(birthDate, today);
  const adult = years >= ADULT_AGE || (market === Market.Indonesia && married === true);
  if (adult) return { rule: 'age', outcome: 'pass', detail: { age: years, married } };
  // the day they turn 18
  const [y, m, d] = birthDate.split('-');
  const eighteen = `${Number(y) + ADULT_AGE}-${m}-${d === '29' && m === '02' ? '28' : d}`;
  return { rule: 'age', outcome: 'fail', detail: { age: years, married }, reapplyAfterDays: Math.max(1, daysBetween(today, eighteen)) };
};

/** Spec §1: India Rs.12,000 a month, Indonesia Rp 5,000,000 a year. */
export const meetsIncomeFloor = (market: Market, monthlySalaryMinor: number): boolean =>
  market === Market.India
    ? monthlySalaryMinor >= MarketTerms.IN.salaryFloorMinor
    : monthlySalaryMinor * 12 >= MarketTerms.ID.annualSalaryFloorMinor;

const incomeFloor: Rule = ({ market, monthlySalaryMinor }) => ({
  rule: 'incomeFloor',
  outcome: meetsIncomeFloor(market, monthlySalaryMinor) ? 'pass' : 'fail',
  detail: { monthlySalaryMinor },
  reapplyAfterDays: REAPPLY_CIRCUMSTANCES_DAYS,
});

/** Spec §1 lends in India to salaried people: anyone else's income is looked at by a person. */
const employment: Rule = ({ employment: kind }) => ({
  rule: 'employment',
  outcome: kind === 'salaried' ? 'pass' : 'review',
  detail: { employment: kind },
});

const amountInRange: Rule = ({ amountMinor, product, limitMinor }) => {
  const top = Math.min(product.amountMaxMinor, limitMinor);
  const onStep = (amountMinor - product.amountMinMinor) % product.amountStepMinor === 0 || amountMinor === top;
  const inRange = amountMinor >= product.amountMinMinor && amountMinor <= top && onStep;
  return {
    rule: 'amountInRange',
    outcome: inRange ? 'pass' : 'fail',
    detail: { amountMinor, minMinor: product.amountMinMinor, maxMinor: top },
    reapplyAfterDays: REAPPLY_NOW,
  };
};

const termInRange: Rule = ({ termDays, product }) => ({
  rule: 'termInRange',
  outcome: product.termOptions.includes(termDays) ? 'pass' : 'fail',
  detail: { termDays, options: product.termOptions.join(',') },
  reapplyAfterDays: REAPPLY_NOW,
});

const openLoansWithinLimit: Rule = ({ openPrincipalMinor, amountMinor, limitMinor }) => ({
  rule: 'openLoansWithinLimit',
  outcome: openPrincipalMinor + amountMinor <= limitMinor ? 'pass' : 'fail',
  detail: { openPrincipalMinor, amountMinor, limitMinor },
  reapplyAfterDays: REAPPLY_NOW,
});

/** Decision 133: the account the money goes to is the applicant's (70 of 100). */
const accountNameMatch: Rule = ({ accountNameScore }) => ({
  rule: 'accountNameMatch',
  // no score: the gateway checks the name only by paying (decision 127), and a mismatch fails that payout
  outcome: accountNameScore === null || accountNameScore >= NAME_MATCH_THRESHOLD ? 'pass' : 'fail',
  detail: { score: accountNameScore, threshold: NAME_MATCH_THRESHOLD },
  reapplyAfterDays: REAPPLY_NOW,
});

/**
 * Decision 161: the borrower is who they say (issue 29). Verified passes; a check the provider is
 * still deciding goes to a person; none or failed fails — submit refuses that before anything is
 * stored (`loanNeedsIdentity`), so the failure here is the guard of a check replaced meanwhile.
 */
const identityVerified: Rule = ({ identityStatus }) => ({
  rule: 'identityVerified',
  outcome: identityStatus === 'verified' ? 'pass' : identityStatus === 'pending' ? 'review' : 'fail',
  detail: { status: identityStatus },
  reapplyAfterDays: REAPPLY_NOW,
});

/** Each market's rules, in the order their failures are told (the first is the main reason). */
export const MarketRules: Record<Market, readonly Rule[]> = {
  [Market.India]: [identityVerified, age, incomeFloor, amountInRange, termInRange, openLoansWithinLimit, accountNameMatch, employment],
  [Market.Indonesia]: [identityVerified, age, incomeFloor, amountInRange, termInRange, openLoansWithinLimit, accountNameMatch],
};

/**
 * The rules the application page can answer before loan confirm (the applicant's own facts): the
 * first that fails, or null. A salary under the floor is refused there, not after the agreement.
 */
export const screenApplicant = (facts: Pick<ApplicationFacts, 'market' | 'today' | 'birthDate' | 'married' | 'monthlySalaryMinor'>) => {
  const full = facts as ApplicationFacts;
  const failed = [age(full), incomeFloor(full)].find((result) => result.outcome === 'fail');
  return failed ? { rule: failed.rule, reapplyOn: addDays(facts.today, failed.reapplyAfterDays ?? REAPPLY_CIRCUMSTANCES_DAYS) } : null;
};

export const decideApplication = (facts: ApplicationFacts): Decision => {
  const results = MarketRules[facts.market].map((rule) => rule(facts));
  const failed = results.find((result) => result.outcome === 'fail');
  if (failed) {
    return {
      outcome: 'rejected',
      results,
      mainReason: failed.rule,
      reapplyOn: addDays(facts.today, failed.reapplyAfterDays ?? REAPPLY_CIRCUMSTANCES_DAYS),
    };
  }
  const outcome = results.some((result) => result.outcome === 'review') ? 'review' : 'approved';
  return { outcome, results, mainReason: null, reapplyOn: null };
};

/** Spec §9: a loan decision within 1 day — the deadline of an application waiting for review. */
export const REVIEW_DEADLINE_MS = 24 * 60 * 60 * 1000;
export const reviewDueAt = (submittedAt: Date): Date => new Date(submittedAt.getTime() + REVIEW_DEADLINE_MS);

/** A rejection's main reason in plain words, in the language `t` speaks (the income floor in the market's money). */
export const reasonText = (rule: string, market: Market, t: Speak): string => {
  // a person's rejection after review (the console's review queue) is told as such
  const known = [...DecisionRules, 'manualReview'].includes(rule) ? (rule as DecisionRule | 'manualReview') : null;
  if (!known) return '';
  return t(`decisionReason_${known}`, { floor: formatMoney(salaryFloorMinor(market), market) });
};
