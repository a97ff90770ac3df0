/** The about-us page in English (India) (spec §2). */
const texts = {
  logoAlt: '{appName} logo',
  welcomeHeading: 'Welcome to {appName}',
  welcome:
    '{appName} is an instant personal loan app operated by {company}, a licensed lending company. We help salaried people handle life’s short-term needs — a medical bill, school fees, a repair — with small loans that are simple to get and simple to repay.',
  reasonsHeading: 'Why choose us',
  reasons: [
    { title: 'Quick', text: 'Apply in minutes from your phone, with a decision within a day and money credited soon after approval.' },
    {
      title: 'Flexible repayment',
      text: 'Repay in one go or in installments, early if you wish, by bank transfer or other local methods.',
    },
    { title: 'Safe', text: 'Your data is encrypted and never sold. All fees are shown before you accept a loan.' },
    { title: 'Customer service', text: 'Our support team answers by phone and e-mail, and every complaint gets a reply.' },
  ],
  productsHeading: 'Our products',
  products: [
    { title: 'Personal loans', text: 'For everyday needs and emergencies, repaid over a few months.' },
    { title: 'Micro loans', text: 'Small amounts for short periods, to bridge you to your next salary.' },
    { title: 'Business loans', text: 'Working capital for small shop owners and self-employed people.' },
  ],
  startHeading: 'Getting started',
  steps: [
    'Download the {appName} app and sign up with your mobile number.',
    'Complete your profile with your identity, job and bank account details.',
    'Choose the amount and term, read the loan terms and confirm.',
    'Receive the money in your bank account and repay on time to borrow more next time.',
  ],
  teamAlt: 'The {appName} team helping a customer',
  // issue 49: who lends
  lenderHeading: 'Who lends',
  lenderText: 'Loans in {appName} are granted by {company}, a lender regulated by the Reserve Bank of India.',
};

export type AboutUsTexts = typeof texts;
export default texts;
