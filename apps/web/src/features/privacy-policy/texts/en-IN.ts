import type { DocumentSection } from '@/shared/ui';
/** The privacy policy in English (India): the nine sections of spec §2. `{placeholders}` come from the company details. */
export type PolicySection = DocumentSection;

export interface PrivacyPolicyTexts {
  title: string;
  updated: string;
  intro: string;
  sections: PolicySection[];
  /** the page of what is kept about the borrower (issue 49 item 5) */
  myDataLink: string;
}

const texts: PrivacyPolicyTexts = {
  title: 'Privacy Policy',
  myDataLink: 'What Kilat keeps about you, and a copy of your data',
  updated: 'Last updated: 1 November 2026',
  intro:
    '{appName} is operated by {company}, a licensed lending company ("we", "us"). This policy explains what personal information we collect when you use the {appName} app and website, why we collect it, and the choices you have. By using our services you agree to this policy.',
  sections: [
    {
      heading: '1. Use your Information',
      paragraphs: ['We collect only the information we need to offer you a loan and to meet our legal duties as a lender. We use it to:'],
      items: [
        'verify your identity and prevent fraud (name, date of birth, identity document, mobile number, selfie);',
        'assess your application and decide the amount you can borrow (employment, salary, bank account);',
        'credit the loan to your bank account and collect repayments;',
        'send you service messages such as due-date reminders and verification codes;',
        'answer your questions and complaints, and improve our app.',
      ],
    },
    {
      heading: '2. Disclosure',
      paragraphs: [
        'We never sell your personal information. We share it only with partners that help us provide the service — identity verification, credit bureaus, banks and payment providers, SMS and cloud service providers — under contracts that require them to protect it and use it only for that purpose.',
        'We also disclose information when the law, a court or a regulator requires it.',
      ],
    },
    {
      heading: '3. Cookies',
      paragraphs: [
        'Our website and app pages use cookies and similar local storage to keep you signed in, remember your language and measure how our pages perform. You can delete cookies in your browser settings; some features may then stop working.',
      ],
    },
    {
      heading: '4. Data Security',
      paragraphs: [
        'Your information is encrypted in transit, stored on secured servers and accessible only to staff who need it for their work. Photos you upload are re-encoded and stripped of location data. We keep your information only as long as the law and your loan require.',
      ],
    },
    {
      heading: '5. Non-discrimination statement',
      paragraphs: [
        'We do not discriminate against anyone on the basis of religion, caste, gender, ethnicity, disability or any other protected characteristic, and we will never treat you differently for exercising your privacy rights.',
      ],
    },
    {
      heading: '6. Rights',
      paragraphs: ['Subject to applicable law, you have the right to:'],
      items: [
        'access the personal information we hold about you;',
        'ask us to correct information that is inaccurate or incomplete;',
        'ask us to erase your information when we no longer need it;',
        'cancel your account at any time when you have no outstanding loan;',
        'object to our use of your information, including for marketing;',
        'ask us to restrict how we use your information;',
        'withdraw any consent you have given, without affecting what was done before;',
        'complain to the data protection or financial authority if you are not satisfied with our answer.',
      ],
    },
    {
      heading: '7. Protection of Minors',
      paragraphs: [
        'Our services are only for adults who have reached the legal age in their country. We do not knowingly collect information from minors; if we learn that we have, we delete it.',
      ],
    },
    {
      heading: '8. Changes',
      paragraphs: [
        'We may update this policy from time to time. We will show the date of the latest change at the top of this page and tell you in the app about important changes before they apply.',
      ],
    },
    {
      heading: '9. Contacts',
      paragraphs: ['For any question about this policy or your personal information, contact {company}:'],
      items: ['Address: {address}', 'Phone: {phone}', 'E-mail: {email}'],
    },
  ],
};

export default texts;
