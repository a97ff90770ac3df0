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
} as const;

export type ShellMessageKey = keyof typeof shellEnIN;

const pack = { ...enIN, ...shellEnIN };

export type WebMessageKey = keyof typeof pack;
export type WebMessages = Record<WebMessageKey, string>;

export default pack satisfies WebMessages;
