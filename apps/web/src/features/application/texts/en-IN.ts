/** The application form and its city select in English (India) (issue 17). */
const texts = {
  title: 'Your application',
  intro: 'Tell us a little about yourself. Nothing is saved until you continue.',
  lastTimeNote: 'Filled in with what you gave on {date}. Change anything that is no longer true.',
  identityKeptNote: 'Your identity is verified: your name and date of birth are those of your document.',
  nameLabel: 'Full name',
  // market facts (decision 111): what underwriting reads in each market, in this language
  salaryLabel: { IN: 'Monthly salary (₹)', ID: 'Yearly income (Rp)' },
  salaryHint: {
    IN: 'Salaried people earning {floor} a month or more can borrow.',
    ID: 'People earning {floor} a year or more can borrow.',
  },
  employmentLabel: 'Employment',
  employment: { salaried: 'Salaried', 'self-employed': 'Self-employed', other: 'Other' },
  cityLabel: 'City',
  citySearch: 'Search your city',
  cityResults: 'Cities',
  cityChosen: 'Chosen city: {city}',
  cityNone: 'No city starts with that. Try another spelling, or choose “My city is not listed”.',
  cityOther: 'My city is not listed',
  continue: 'Continue',
  birthDateLabel: 'Date of birth',
  birthDateInvalid: 'Please enter your date of birth.',
  marriedLabel: 'Are you married?',
  yes: 'Yes',
  no: 'No',
  offerTitle: 'Your loan',
  offerIntro: 'Move the slider and pick a term: the cost below is worked out by Kilat for exactly that loan.',
  instalments: 'Instalments',
  apr: 'Annual percentage rate (APR)',
  nameInvalid: 'Please enter your full name in letters.',
  salaryInvalid: { IN: 'Please enter your monthly salary in rupees.', ID: 'Please enter your yearly income in rupiah.' },
  employmentRequired: 'Please choose your employment.',
  cityRequired: 'Please choose your city from the list.',
};

export type ApplicationTexts = typeof texts;
export default texts;
