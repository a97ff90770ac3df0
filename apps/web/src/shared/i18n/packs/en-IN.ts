import { enIN } from '@kilat/contract/texts/en-IN';

/** Labels the web shell adds to the contract's texts: navigation, footer, common controls. */
export const shellEnIN = {
  // official site navigation (spec §2)
  navHome: 'Home',
  navAboutUs: 'About us',
  navUserReviews: 'User reviews',
  navPrivacyPolicy: 'Privacy Policy',
  navLoanTerms: 'Loan Terms And Conditions',
  navContactUs: 'Contact us',
  navMenu: 'Menu',

  // official site footer and contact form (spec §2)
  footerCompany: 'Company',
  footerAddress: 'Address',
  // Indonesia's repayment success rate, published as OJK asks of P2P platforms (issue 47, decision 262)
  tkb90Label: 'Repaid within 90 days (TKB90)',
  tkb90Value: '{rate} at {date}',
  footerPhone: 'Phone',
  footerEmail: 'E-mail',
  footerCopyright: '© {year} {company}. All rights reserved.',
  contactCompany: 'Company',
  contactSubject: 'Subject',
  contactMessage: 'Message',
  contactSendMessage: 'Send Message',

  // customer service (spec §2)
  telephone: 'Telephone',
  email: 'E-mail',

  // shell
  back: 'Back',
  close: 'Close',
  confirm: 'Confirm',
  retry: 'Try again',
  empty: 'Nothing here yet',
  loadFailed: 'This page could not be loaded. Please check your connection and try again.',
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist or has moved.',
  skipToContent: 'Skip to content',

  // a call answered 'no session' (decision 053)
  sessionExpiredTitle: 'Your session has ended',
  sessionExpiredText: 'For your security you were signed out. Open Kilat again to sign in, then come back to this page.',
  sessionMissingTitle: 'You are not signed in',
  sessionMissingText: 'This page shows your own loan, so it needs you to be signed in. Open Kilat to sign in.',
  sessionWayBack: 'Open Kilat',
  sessionTryAgain: 'I have signed in, try again',

  // /that and /individual opened in India (decision 052)
  indonesiaOnlyTitle: 'Not available in India',
  indonesiaOnlyText:
    'Virtual accounts and mini-market codes are Indonesian ways to pay. In India you repay by bank card or on the secure payment page.',
  repayByCard: 'Repay by card',
  // how a payment was made and what it paid for (payment result, repayment history)
  payMethodCard: 'Bank card',
  payMethodVirtualAccount: 'Virtual account',
  payMethodMiniMarket: 'Mini market',
  payMethodCheckout: 'Secure payment page',
  payMethodUpi: 'UPI',
  payMethodEwallet: 'E-wallet',
  payMethodQris: 'QRIS',
  payMethodAutopay: 'AutoPay',
  payPurposeRepay: 'Loan repayment',
  payPurposeDelay: 'Loan extension fee',

  // who lends, whom to complain to and a person to talk to (issue 49, decisions 220–222)
  lenderRegistration: 'Registration',
  grievanceOfficerTitle: 'Grievance redressal officer',
  grievanceOfficerLead: 'If we have not solved your problem, write to or call our nodal grievance redressal officer:',
  grievanceOfficerName: 'Name',
  whatsAppTitle: 'Talk to a person on WhatsApp',
  whatsAppLink: 'Chat on WhatsApp',
  whatsAppHours: 'Answered from {from} to {to} IST, Monday to Saturday, except public holidays.',
  whatsAppMessage: 'Hello Kilat, I need help with my loan {orderNo}.',
  whatsAppMessageNoOrder: 'Hello Kilat, I need help with my loan.',
  loanClosureLetterLink: 'Loan closure letter',
  loanStatementLink: 'Loan statement',
  // the way out of an error the borrower cannot get past (issue 49)
  stuckTitle: 'Still stuck?',
  stuckText: 'A person on our team can help you on WhatsApp.',

  // the way home and the way to help in a phone browser (issue 30, decision 139)
  homeLink: 'Home',
  helpTitle: 'Help and information',
  helpComplaints: 'Complaints',
  helpChatbot: 'Chat with our assistant',
  helpCustomerService: 'Customer service',
  helpAboutUs: 'About us',
  helpPrivacyPolicy: 'Privacy policy',
  helpLoanTerms: 'Loan terms and conditions',
  // another borrower's order in the address (issue 30): said plainly, not a blank page or a network error
  notYourLoan: 'This loan is not on your account, so we cannot show it. Your own loans are under My loans.',
  myLoansLink: 'My loans',
} as const;

export type ShellMessageKey = keyof typeof shellEnIN;

const pack = { ...enIN, ...shellEnIN };

export type WebMessageKey = keyof typeof pack;
export type WebMessages = Record<WebMessageKey, string>;

export default pack satisfies WebMessages;
