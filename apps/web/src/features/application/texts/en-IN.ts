/** The application form and its city select in English (India) (issue 17). */
const texts = {
  title: 'Your application',
  intro: 'Tell us a little about yourself. Nothing is saved until you continue.',
  nameLabel: 'Full name',
  salaryLabel: 'Monthly salary (₹)',
  salaryHint: 'Salaried people earning ₹12,000 a month or more can borrow.',
  employmentLabel: 'Employment',
  employment: { salaried: 'Salaried', 'self-employed': 'Self-employed', other: 'Other' },
  cityLabel: 'City',
  citySearch: 'Search your city',
  cityResults: 'Cities',
  cityChosen: 'Chosen city: {city}',
  cityNone: 'No city starts with that. Try another spelling.',
  continue: 'Continue',
  nameInvalid: 'Please enter your full name in letters.',
  salaryInvalid: 'Please enter your monthly salary in rupees.',
  employmentRequired: 'Please choose your employment.',
  cityRequired: 'Please choose your city from the list.',
};

export type ApplicationTexts = typeof texts;
export default texts;
