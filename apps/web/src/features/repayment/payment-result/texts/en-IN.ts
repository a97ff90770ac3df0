/** The payment result screen in English (India) (decision 050). */
const texts = {
  title: 'Payment result',
  paid: 'Payment successful',
  pending: 'Payment being confirmed',
  failed: 'Payment failed',
  /** never "up to date": penalties or later instalments may still be owed, and the row below says what (issue 48) */
  paidNote: 'Thank you. Your payment has been received. What is still owed on this loan is shown below.',
  pendingNote: 'We are waiting for the confirmation of your payment. This page updates by itself.',
  failedNote: 'This payment did not go through and no money was taken for it. You can pay again from your loan.',
  receipt: 'Receipt',
  amount: 'Amount',
  paidFor: 'Paid for',
  /** a payment not (yet) made has details, not a receipt (issue 30) */
  details: 'Payment details',
  paymentFor: 'Payment for',
  newDueDate: 'New due date',
  method: 'Payment method',
  date: 'Date',
  orderNo: 'Order number',
  paymentId: 'Payment number',
  remaining: 'Still owed on this loan',
  settled: 'Nothing: your loan is fully repaid',
  fullReceipt: 'Open the receipt to save or share it',
  viewLoan: 'View my loan',
  payAgain: 'Pay again',
  invalidLink: 'This payment link is incomplete. Please open your loan to see where it stands.',
  loadFailed: 'We could not load this payment.',
};

export type PaymentResultTexts = typeof texts;
export default texts;
