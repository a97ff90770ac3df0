/** Where the money goes (issue 28) in English (India). */
const texts = {
  title: 'Where should we send the money?',
  intro: 'Your loan is sent to an account in your own name: {name}.',
  current: 'Your account',
  currentAccount: '{bank} account ending {last4}',
  currentValid: 'Checked with the bank.',
  kindLegend: 'Send the money to',
  kind: { bank: 'Bank account', upi: 'UPI ID', ewallet: 'E-wallet' },
  holderName: "Account holder's name",
  holderHint: 'As the bank or e-wallet has it.',
  accountNumber: 'Account number',
  accountNumberHint: { IN: '9 to 18 digits.', ID: 'A {bank} account number has {lengths} digits.' },
  ifsc: 'IFSC',
  ifscHint: '11 characters, on your cheque book or passbook (like HDFC0001234).',
  ifscBank: 'Bank: {bank}',
  upi: 'UPI ID',
  upiHint: 'Like name@bank.',
  bank: 'Bank',
  wallet: 'E-wallet',
  walletPhone: "E-wallet's phone number",
  walletPhoneHint: 'The number the e-wallet is registered to, starting with 08.',
  changeCode: 'SMS code',
  changeCodeHint: 'To change your account, enter the code we send to your phone ending {last4}.',
  getCode: 'Get code',
  resendIn: 'Resend in {seconds} s',
  save: 'Save and continue',
  saved: 'The money will be sent to this account.',
  backToConfirm: 'Back to your loan',
  loadFailed: 'We could not load your account.',
};

export type DisbursalAccountTexts = typeof texts;
export default texts;
