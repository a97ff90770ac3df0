/** The pay-way screen and its SMS verification in English (India) (spec §2, §4). */
const texts = {
  title: 'Payment method',
  amount: 'Amount to pay',
  cards: 'Pay with a bank card',
  noCards: 'You have not added a bank card yet.',
  addCard: 'Add a bank card',
  otherWays: 'Other ways to pay',
  upi: 'Pay by UPI',
  wallet: 'Pay by e-wallet or QRIS',
  thirdParty: 'Pay on the online checkout page',
  methodChooser: 'Pay by virtual account or mini market',
  pay: 'Pay now',
  loadFailed: 'We could not load your payment methods.',
  verifyTitle: 'SMS verification',
  verifyHint: 'Enter the code we sent by SMS to confirm this payment.',
  codeLabel: 'Verification code',
  countdown: '{seconds} s',
  resendLabel: 'Get a new code',
  confirm: 'Confirm',
};

export type PayWayTexts = typeof texts;
export default texts;
