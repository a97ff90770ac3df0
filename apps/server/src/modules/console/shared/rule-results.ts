/**
 * The decision engine's rule results as an operator reads them (issue 47 defects 7 and 10): each
 * rule's name in words, its outcome, and what it read — money in the market's format, days as days
 * — never the stored JSON in minor units. The order page and the review queue show them alike.
 */
import { formatMoney, interpolate, type Market } from '@kilat/contract';
import type { RuleResultView } from '@kilat/contract/console';
import { enIN } from '@kilat/contract/texts/en-IN';
import { reasonText } from '../../../lending/decision.js';

const RULE_LABEL: Record<string, string> = {
  age: 'Age',
  incomeFloor: 'Income floor',
  employment: 'Employment',
  amountInRange: 'Amount in range',
  termInRange: 'Term offered',
  openLoansWithinLimit: 'Open loans within the limit',
  accountNameMatch: "Account holder's name",
  identityVerified: 'Identity verified',
  manualReview: 'Manual review',
};

const FACT_LABEL: Record<string, string> = {
  age: 'age',
  married: 'married',
  birthDate: 'birth date',
  monthlySalaryMinor: 'monthly salary',
  employment: 'employment',
  amountMinor: 'amount',
  minMinor: 'minimum',
  maxMinor: 'maximum',
  termDays: 'term',
  options: 'terms offered',
  openPrincipalMinor: 'open principal',
  limitMinor: 'limit',
  score: 'name match score',
  threshold: 'needed',
  status: 'status',
};

/** camelCase as words: what an unlisted fact is called. */
const words = (key: string) =>
  key
    .replace(/Minor$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

const factText = (key: string, value: unknown, market: Market): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (key.endsWith('Minor') && typeof value === 'number') return formatMoney(value, market);
  if (key === 'termDays') return `${value} days`;
  if (key === 'options') return `${String(value).split(',').join(', ')} days`;
  return String(value);
};

/** Facts in the order a person reads them (jsonb keeps its keys by length, not as the rule wrote them); unlisted ones last. */
const FACT_ORDER = Object.keys(FACT_LABEL);
const rank = (key: string) => (FACT_ORDER.includes(key) ? FACT_ORDER.indexOf(key) : FACT_ORDER.length);

/** What a rule read, in words: "amount ₹5,000.00 · minimum ₹1,000.00 · maximum ₹4,000.00". */
export const ruleDetailText = (detail: Record<string, unknown>, market: Market): string =>
  Object.entries(detail)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => `${FACT_LABEL[key] ?? words(key)} ${factText(key, value, market)}`)
    .join(' · ');

export const ruleResultView = (
  row: { rule: string; outcome: string; detail: Record<string, unknown> },
  market: Market,
): RuleResultView => ({
  rule: row.rule,
  label: RULE_LABEL[row.rule] ?? words(row.rule),
  outcome: row.outcome as RuleResultView['outcome'],
  detail: ruleDetailText(row.detail, market),
});

/** A rejection's main reason as the borrower was told it, in the console's language (English). */
export const mainReasonText = (rule: string | null, market: Market): string =>
  rule ? reasonText(rule, market, (key, values) => interpolate(enIN[key], values)) : '';
