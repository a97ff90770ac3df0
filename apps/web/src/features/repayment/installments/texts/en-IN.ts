/** Installment repayment in English (India) (spec §2). */
const texts = {
  title: 'Installment repayment',
  /** a loan repaid in one payment (issue 30) */
  singleTitle: 'Loan repayment',
  singleAmount: 'Amount to repay',
  pending: 'Pending periods',
  paid: 'Paid periods',
  period: 'Period {n}',
  due: 'Due {date}',
  selectAll: 'Select all',
  total: 'Total',
  payNow: 'Pay now',
  nothingPending: 'Nothing is pending on this loan.',
  loadFailed: 'We could not load the repayment plan.',
};

export type InstallmentsTexts = typeof texts;
export default texts;
