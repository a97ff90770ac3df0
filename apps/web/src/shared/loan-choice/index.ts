import { PagePaths } from '@kilat/contract';
import { pageParam } from '@/shared/query-context';

/** The amount (minor units) and term (days) a borrower chose for a loan (issue 29); absent, the server starts at their limit. */
export interface LoanChoice {
  amount?: number | undefined;
  term?: number | undefined;
}

/** A whole positive number the page address carries, else undefined. */
const wholeParam = (name: string): number | undefined => {
  const value = pageParam(name);
  return /^[1-9]\d{0,12}$/.test(value) ? Number(value) : undefined;
};

/** The choice the page address carries: loan confirm and every step it sends the borrower to keep it there (issue 48). */
export const readLoanChoice = (): LoanChoice => ({ amount: wholeParam('amount'), term: wholeParam('term') });

/** The address of a step of the loan (loan confirm, identity, payout account) for a product, carrying the choice. */
export const loanStepHref = (path: string, productId: string, choice: LoanChoice = readLoanChoice()): string => {
  const params = new URLSearchParams({ productId });
  if (choice.amount) params.set('amount', String(choice.amount));
  if (choice.term) params.set('term', String(choice.term));
  return `${path}?${params}`;
};

/** Loan confirm for a product with the choice the page address carries: where identity and account steps return. */
export const loanConfirmHref = (productId: string): string | null => (productId ? loanStepHref(PagePaths.loanConfirm, productId) : null);

/**
 * Writes a new choice into the page address without a new history entry, so a reload or a step away and
 * back shows the loan the borrower chose, not the server's starting offer (issue 48).
 */
export const rememberLoanChoice = (choice: LoanChoice): void => {
  const url = new URL(window.location.href);
  for (const name of ['amount', 'term'] as const) {
    const value = choice[name];
    if (value) url.searchParams.set(name, String(value));
    else url.searchParams.delete(name);
  }
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url.href);
};
