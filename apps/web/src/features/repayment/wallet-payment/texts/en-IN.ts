/** The e-wallet and QRIS page in English (issue 51). E-wallets and QRIS are Indonesia's; India is told so by the server. */
const texts = {
  title: 'Pay by e-wallet or QRIS',
  amount: 'Amount to pay',
  choose: 'Choose how to pay',
  qrisHint: 'Scan with any bank or e-wallet app',
  phoneLabel: 'Your OVO phone number',
  phoneHint: 'Starting with 08',
  pay: 'Pay now',
  qrTitle: 'Scan this QRIS code with your bank or e-wallet app',
  qrAlt: 'QRIS code for {amount}',
  expires: 'This code can be paid until {time} WIB.',
  approveInApp: 'Open {wallet} and approve the payment of {amount}.',
  afterPaying: 'Once you have paid, this page shows the result by itself.',
  paid: 'I have paid',
  noAmount: 'This payment has no amount. Please go back and start it again.',
};

export type WalletTexts = typeof texts;
export default texts;
