/** The setting screen in English (India) (issue 17). */
const texts = {
  title: 'Settings',
  languageTitle: 'Language',
  languageHint: 'The pages follow your market’s language unless you choose another. Amounts stay in your market’s currency.',
  languageNames: { 'en-IN': 'English', 'id-ID': 'Bahasa Indonesia' },
  coupons: 'My coupons',
  repaymentHistory: 'Repayment history and receipts',
  myData: 'What Kilat keeps about you',
  sessionTitle: 'Signing out',
  logOut: 'Log out',
  logOutEverywhere: 'Log out on every phone',
  logOutEverywhereHint: 'Use this if you lost a phone or logged in on someone else’s.',
  logOutEverywhereConfirm: 'Log out on every phone, this one included?',
  logOutEverywhereYes: 'Yes, log out everywhere',
  logOutEverywhereNo: 'Stay logged in',
  loggedOutEverywhere: 'You are logged out on every phone.',
  accountTitle: 'Your account',
  deleteAccount: 'Delete my account',
  deleteHint:
    'You can delete your account when no loan is open. Your loan records are kept, as the law requires, but you can no longer log in.',
  deleteConfirm: 'Delete your account for good?',
  deleteYes: 'Yes, delete my account',
  deleteNo: 'Keep my account',
  deleted: 'Your account has been deleted.',
};

export type SettingTexts = typeof texts;
export default texts;
