/** What Kilat keeps about you, in English (India) (issue 49 item 5, decision 225; DPDP Act 2023). */
const texts = {
  title: 'What Kilat keeps about you',
  intro: 'This is what we store about you, for how long, and how to get a copy of it.',
  keptTitle: 'What we keep, and for how long',
  kept: [
    {
      heading: 'Your identity',
      text: 'Your PAN sealed (encrypted) beside its last four digits; of your Aadhaar number only its last four digits and the provider’s reference, never the whole number; the name and birth date you entered and those read from your document; your selfie as a private image. We keep them while you have an account or a loan and for five years after your last loan closes or your account is deleted, as RBI’s KYC rules require; then they are deleted.',
    },
    {
      heading: 'Your account',
      text: 'Your phone number, name, the details of your application (birth date, salary, employment) and the accounts your loans are paid to (masked to their last four digits). Deleting your account clears your name and phone number; expired sessions, codes and links are deleted within the hour.',
    },
    {
      heading: 'Your loans',
      text: 'Every application, loan, payment and posting of our books, with their dates. They are lending records: we keep them even after you delete your account, as the law requires.',
    },
    {
      heading: 'Messages',
      text: 'The messages of your message centre, kept with the loans they are about.',
    },
  ],
  copyTitle: 'Get a copy of your data',
  copyText:
    'Download your data below as a file (JSON): your profile, identity checks, applications and loans, payments and messages. To ask for anything else, or to correct your data, write to {email}.',
  download: 'Download my data',
  loadFailed: 'We could not load your data.',
};

export type MyDataTexts = typeof texts;
export default texts;
