/** Virtual-account repay page in English (India) (spec §2); the title is the contract's settlement text. */
const texts = {
  virtualAccount: 'Virtual account number',
  paymentCode: 'Payment code',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy. The number is selected: copy it from the box.',
  total: 'Total payment',
  billNumber: 'Bill number',
  method: 'Payment method',
  payBefore: 'Pay before',
  /** the deadline is Indonesia's western time, where the gateway keeps it */
  payBeforeTime: '{time} WIB',
  remaining: 'Still owed after this payment',
  remainingNote: 'A mini-market payment takes at most {limit}. Pay the rest with another payment, or at a bank.',
  steps: 'How to pay',
  help: 'Need help?',
  call: 'Call customer service',
  customerService: 'More ways to contact us',
  changeMethod: 'Change payment method',
  paid: 'I have paid',
  paidTitle: 'Thank you',
  ok: 'OK',
  invalidLink: 'This payment link is incomplete. Please start the repayment again from your loan.',
  loadFailed: 'We could not create your payment code.',
  paidState: 'This code has been paid',
  paidStateNote: 'Thank you. Your payment is confirmed and your loan is updated.',
  seeReceipt: 'See the receipt',
  viewLoan: 'View my loan',
};

export type VirtualAccountTexts = typeof texts;
export default texts;
