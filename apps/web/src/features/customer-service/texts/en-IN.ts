/** The customer-service page in English (India) (spec §2). */
const texts = {
  title: 'Customer service',
  intro: 'Questions about your loan or repayment? Our team is here to help.',
  callHint: 'Tap to call',
  emailHint: 'Tap to write to us',
  loadFailed: 'We could not load the contact details.',
};

export type CustomerServiceTexts = typeof texts;
export default texts;
