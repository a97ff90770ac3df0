/** Repay method chooser in English (India) (spec §2). */
const texts = {
  title: 'Repayment method',
  amount: 'Amount to pay',
  method: 'Method',
  bank: 'Bank',
  miniMarket: 'Mini Market',
  chooseBank: 'Choose a bank',
  payAt: 'How to pay at {bank}',
  chooseMiniMarket: 'Choose a mini market',
  overLimit:
    'A mini-market payment takes at most {limit}. Pay {amount} at a bank, or pay {limit} at the mini market and the rest in another payment.',
  overLimitBankOnly: 'A mini-market payment takes at most {limit}. Please pay {amount} at a bank.',
  noOptions: 'No payment methods of this type are available.',
  loadFailed: 'We could not load the payment methods.',
  save: 'Save',
};

export type RepayMethodTexts = typeof texts;
export default texts;
