/** The main and order screens in English (India) (issue 17). */
const texts = {
  mainTitle: 'Kilat',
  myLoans: 'My loans',
  currentLoan: 'Your loan',
  orderNo: 'Order No. {orderNo}',
  amountDue: 'Amount due',
  loanAmount: 'Loan amount',
  dueDate: 'Due date',
  appliedOn: 'Applied on',
  delay: 'Delay repayment',
  viewDetails: 'View loan details',
  productsTitle: 'Loans for you',
  productsIntro: 'Borrow {min} to {max}, in your account within {hours} hours.',
  productRange: '{min} – {max}',
  productTerm: '{days} days',
  productRate: '{rate}% a day',
  amountRangeLabel: 'Amount',
  termLabel: 'Term',
  rateLabel: 'Interest',
  noProducts: 'No loan products are open right now. Please come back later.',
  loadFailed: 'We could not load your loans.',
  orderTitle: 'My loans',
  noOrders: 'You have no loans yet.',
  browseProducts: 'See loans for you',
};

export type MyLoansTexts = typeof texts;
export default texts;
