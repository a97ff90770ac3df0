/** The third-party payment page in English (India) (spec §2 #/alipayrepayment). */
const texts = {
  title: 'Online checkout',
  amount: 'Amount to pay',
  explanation:
    'You will continue on our payment partner’s secure checkout page; once you have paid there, you come back to your loan details.',
  continue: 'Continue to payment',
  noAmount: 'This payment has no amount. Please go back and start it again.',
};

export type ThirdPartyTexts = typeof texts;
export default texts;
