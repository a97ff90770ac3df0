/** The Pay by UPI page in English (India) (issue 51). */
const texts = {
  title: 'Pay by UPI',
  amount: 'Amount to pay',
  explanation: 'Pay from any UPI app, such as Google Pay, PhonePe, Paytm or BHIM. The amount and the reference are filled in for you.',
  start: 'Pay by UPI',
  openApp: 'Open your UPI app',
  qrTitle: 'Scan with your UPI app',
  qrAlt: 'UPI QR code for {amount}',
  showQr: 'Pay from another phone: show the QR code',
  expires: 'This code can be paid until {time} (IST).',
  afterPaying: 'Once you have paid, this page shows the result by itself.',
  paid: 'I have paid',
  noAmount: 'This payment has no amount. Please go back and start it again.',
};

export type UpiTexts = typeof texts;
export default texts;
