/** Extension (delay) repayment in English (India) (spec §2). */
const texts = {
  title: 'Extension of repayment',
  fee: 'Extension fee',
  expiry: 'Offer valid until',
  orderDetails: 'Order details',
  payNow: 'Pay now',
  loadFailed: 'We could not load the extension offer.',
};

export type ExtensionTexts = typeof texts;
export default texts;
