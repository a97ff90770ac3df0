/** Loan confirmation V3 in English (India) (spec §2). */
const texts = {
  title: 'Confirm your loan',
  details: 'Loan details',
  repaymentPlan: 'Repayment plan',
  firstRepayment: 'First repayment: {date}',
  agreementsIntro: 'I have read and agree to',
  agreements: 'Agreements',
  confirm: 'Confirm',
  keyFactsIntro: 'Please read the cost of this loan before you confirm.',
  principal: 'Principal',
  months: 'months',
  years: 'years',
  agreementFrame: 'Agreement',
  loadFailed: 'We could not load this loan offer.',
};

export type LoanConfirmTexts = typeof texts;
export default texts;
