/** The borrower's coupons in English (India) (issue 50); each coupon's own words come from the server. */
const texts = {
  title: 'My coupons',
  usable: 'Ready to use',
  held: 'In use by a payment in progress',
  used: 'Used',
  expired: 'Expired',
  validUntil: 'Valid until {date}',
  minimum: 'For repayments of at least {amount}',
  howToUse: 'Choose a coupon when you repay by bank card: it comes off the fees and interest, never the amount you borrowed.',
  none: 'None',
  noCoupons: 'You have no coupons yet.',
  loadFailed: 'We could not load your coupons.',
};

export type CouponsTexts = typeof texts;
export default texts;
