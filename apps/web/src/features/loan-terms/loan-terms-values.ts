import { IndiaPenalty, Limits, type Locale, type Market, MarketTerms } from '@kilat/contract';
import { formatMoney } from '@/shared/format';

export interface LenderDetails {
  appName: string;
  name: string;
  address: string;
  phone: string;
  email: string;
}

const percent = (fraction: number, locale: Locale) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(fraction);

/** The `{placeholder}` values of the loan terms document, taken from the contract's constants. */
export const loanTermsValues = (market: Market, locale: Locale, lender: LenderDetails): Record<string, string | number> => {
  const terms = MarketTerms[market];
  const [tier1, tier2, tier3] = IndiaPenalty.dailyRateBps;
  return {
    appName: lender.appName,
    company: lender.name,
    address: lender.address,
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
    rate1: percent(tier1.bps / 10_000, locale),
    from1: tier1.fromDay,
    to1: tier1.toDay,
    rate2: percent(tier2.bps / 10_000, locale),
    from2: tier2.fromDay,
    to2: tier2.toDay,
    rate3: percent(tier3.bps / 10_000, locale),
    from3: tier3.fromDay,
    dailyCap: percent(MarketTerms.ID.dailyCostCapBps / 10_000, locale),
    totalCap: percent(MarketTerms.ID.totalCostCapPercent / 100, locale),
  };
};
