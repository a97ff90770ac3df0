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
  agreementFrame: 'Agreement',
  loadFailed: 'We could not load this loan offer.',
  identityTitle: 'Who you are',
  identityVerified: 'Identity verified: {name}',
  identityMissing: 'Before we lend, please prove who you are: your ID numbers and a selfie.',
  identityLink: 'Prove who you are',
  payoutTitle: 'Where the money goes',
  payoutTo: 'Sent to your {bank} account ending {last4}',
  payoutToUpi: 'Sent to your UPI ID …{last4}@{psp}',
  payoutChange: 'Change account',
  payoutMissing: 'Tell us the account in your name where we should send the money.',
  payoutAdd: 'Add your account',
  payoutFix: 'Correct your account',
  missing: {
    identity: 'Before you confirm, please prove who you are.',
    payout: 'Before you confirm, please tell us the account in your name where we send the money.',
  },
};

export type LoanConfirmTexts = typeof texts;
export default texts;
