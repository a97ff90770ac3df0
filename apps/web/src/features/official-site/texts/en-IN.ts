/** The official site's own texts in English (India); navigation, footer and form labels are the shell's. */
const texts = {
  pageTitle: 'Kilat — instant personal loans',
  navLabel: 'Site sections',
  home: {
    heading: 'Instant loans, straight to your bank account',
    carouselLabel: 'Highlights',
    slideLabel: '{index} of {count}',
    pause: 'Pause the slideshow',
    play: 'Play the slideshow',
    // market facts (decision 111): time to money and the salary floor's period differ by market
    banners: {
      IN: [
        'Borrow from {amountMin} to {amountMax}, credited within 2 hours',
        'Salaried and earning {salaryFloor} or more a month? You are eligible',
      ],
      ID: ['Borrow from {amountMin} to {amountMax} with a fast process', 'Earning {salaryFloor} or more a year? You are eligible'],
    },
    stepsHeading: 'How it works',
    steps: [
      { title: 'Download the app', text: 'Install Kilat and sign up with your mobile number.' },
      { title: 'Fill in your profile', text: 'Tell us about your job and salary; it takes a few minutes.' },
      { title: 'Get your money', text: 'Once approved, the loan is credited to your bank account.' },
    ],
    stepsImageAlt: 'A phone showing the three steps: download, fill in, get money',
  },
  about: {
    text: 'Kilat is a lending app operated by {company}, a lender registered with the Reserve Bank of India ({registration}), {address}. We help salaried people cover short-term needs with small personal loans, clear fees and no paperwork.',
    imageAlt: 'The Kilat team helping a customer on a phone',
    agenciesHeading: 'Recovery agencies we work with',
    agenciesIntro:
      'When a loan is overdue, these agencies may contact you for us. You are told the agency’s name and contact before it does.',
    agenciesNone: 'Kilat works every overdue loan itself: no outside recovery agency is engaged.',
  },
  user: {
    imageAlt: 'Five-star ratings from Kilat customers',
    reviews: [
      { name: 'Priya, Pune', text: 'The money reached my account the same afternoon. Very simple app.' },
      { name: 'Rahul, Chennai', text: 'Clear fees and polite customer service. I repaid early without trouble.' },
      { name: 'Anjali, Jaipur', text: 'Helped me with a medical bill at the end of the month.' },
    ],
    ratingLabel: '5 out of 5 stars',
  },
  contactIntro: 'Leave us a message and our team will get back to you.',
  policy: {
    frameTitle: 'Kilat privacy policy',
  },
};

export type OfficialSiteTexts = typeof texts;
export default texts;
