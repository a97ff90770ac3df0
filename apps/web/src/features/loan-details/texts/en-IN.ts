/** Loan details (version 3) in English (India) (spec §2). */
const texts = {
  title: 'Loan details',
  actions: 'Actions',
  orderDetails: 'Order details',
  recommended: 'Recommended products',
  submit: 'Submit',
  oneStar: '1 star',
  stars: '{n} stars',
  thankYouTitle: 'Thank you for your rating!',
  thankYouBody: 'Your feedback helps us improve our service.',
  ok: 'OK',
};

export type LoanDetailsTexts = typeof texts;
export default texts;
