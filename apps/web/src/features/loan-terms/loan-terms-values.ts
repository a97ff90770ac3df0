import { IndiaPenalty, Limits, type Market, MarketTerms } from '@kilat/contract';
import { formatMoney, formatRate } from '@/shared/format';

export interface LenderDetails {
  appName: string;
  name: string;
  address: string;
  /** registration or licence number (issue 49) */
  registration: string;
  phone: string;
  email: string;
  /** whom to complain to (issue 49) */
  grievance: { name: string; phone: string; email: string };
}

/** The `{placeholder}` values of the loan terms document, taken from the contract's constants. */
export const loanTermsValues = (market: Market, lender: LenderDetails): Record<string, string | number> => {
  const terms = MarketTerms[market];
  const [tier1, tier2, tier3] = IndiaPenalty.dailyRateBps;
  return {
    appName: lender.appName,
    company: lender.name,
    address: lender.address,
    registration: lender.registration,
    grievanceName: lender.grievance.name,
    grievancePhone: lender.grievance.phone,
    grievanceEmail: lender.grievance.email,
    phone: lender.phone,
    email: lender.email,
    amountMin: formatMoney(terms.amountMinMinor, market),
    amountMax: formatMoney(terms.amountMaxMinor, market),
    termMin: Limits.loanTermMinDays,
    termMax: Limits.loanTermMaxDays,
    decisionDays: Limits.loanDecisionDays,
    creditMin: Limits.creditDaysMin,
    creditMax: Limits.creditDaysMax,
    prepaymentMinDay: Limits.prepaymentMinDay,
    flatNew: formatMoney(IndiaPenalty.flatNewClientMinor, 'IN'),
    flatRepeat: formatMoney(IndiaPenalty.flatRepeatClientMinor, 'IN'),
    rate1: formatRate(tier1.bps, market),
    from1: tier1.fromDay,
    to1: tier1.toDay,
    rate2: formatRate(tier2.bps, market),
    from2: tier2.fromDay,
    to2: tier2.toDay,
    rate3: formatRate(tier3.bps, market),
    from3: tier3.fromDay,
    dailyCap: formatRate(MarketTerms.ID.dailyCostCapBps, market),
    totalCap: formatRate(MarketTerms.ID.totalCostCapPercent * 100, market),
  };
};
