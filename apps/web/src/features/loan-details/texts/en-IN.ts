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
  coolingOffTitle: 'Cooling-off period',
  coolingOffBody:
    "Until {date} you can exit this loan without any penalty by repaying {amount}: the principal of {principal} and {cost}, the loan's APR of {apr} for the {days} you held it.",
  /** what was repaid already counts towards the exit */
  coolingOffRepaid: 'You have repaid {repaid} already; it counts towards this.',
  oneDay: '1 day',
  manyDays: '{n} days',
  exitLoan: 'Exit the loan',
};

export type LoanDetailsTexts = typeof texts;
export default texts;
