import type { DocumentSection } from '@/shared/ui';
/**
 * The loan terms and conditions of the India product (spec §2, §9). Numbers are `{placeholders}`
 * filled from the contract's constants, so the document and the lending rules cannot drift.
 */
export type LoanTermsSection = DocumentSection;

export interface LoanTermsTexts {
  title: string;
  intro: string;
  sections: LoanTermsSection[];
}

const texts: LoanTermsTexts = {
  title: 'Loan Terms And Conditions',
  intro:
    'Please read these terms carefully before you apply. By confirming a loan in the {appName} app you agree to them. The exact amount, interest, fees and due date of your loan are shown on the loan confirmation page before you accept.',
  sections: [
    {
      heading: '1. Lender information',
      paragraphs: [
        'Loans offered in the {appName} app are granted by {company}, a licensed lending company registered at {address}.',
        'Registration: {registration}.',
        'Customer service: {phone}, {email}.',
        'Nodal grievance redressal officer: {grievanceName}, {grievancePhone}, {grievanceEmail}. If your complaint is not resolved within 30 days, or you are not satisfied with the reply, you may complain to the Reserve Bank of India under the Integrated Ombudsman Scheme, 2021: cms.rbi.org.in, helpline 14448.',
      ],
    },
    {
      heading: '2. Definitions',
      paragraphs: ['In these terms:'],
      items: [
        '"Borrower", "you": the person who applies for and receives a loan.',
        '"Lender", "we": {company}.',
        '"Principal": the amount credited to your bank account.',
        '"Loan term": the number of days from the credit date to the due date.',
        '"Due date": the day by which the loan must be repaid in full.',
        '"Overdue principal": the part of the principal not repaid by the due date.',
      ],
    },
    {
      heading: '3. Loan amount and term',
      paragraphs: [
        'Loans range from {amountMin} to {amountMax}.',
        'The loan term is {termMin} to {termMax} days. Loans may be repaid in one payment or in installments, as shown on the confirmation page.',
      ],
    },
    {
      heading: '4. Loan decision and credit',
      paragraphs: [
        'We decide on your application within {decisionDays} day.',
        'Once approved, the loan is credited to your bank account within {creditMin} to {creditMax} days.',
      ],
    },
    {
      heading: '5. Interest and fees',
      paragraphs: [
        'Interest is charged only on the principal and only for the days of the loan term. All fees are disclosed on the confirmation page; no fee is charged that is not shown there.',
      ],
    },
    {
      heading: '6. Late payment penalties',
      paragraphs: [
        'If the loan is not repaid in full on the due date, a one-time late fee is charged on the first overdue day: {flatNew} for new clients and {flatRepeat} for repeat clients.',
        'After that, a daily penalty is charged on the overdue principal:',
      ],
      items: [
        '{rate1} a day for days {from1} to {to1};',
        '{rate2} a day for days {from2} to {to2};',
        '{rate3} a day from day {from3} onward.',
      ],
      after: ['Penalties are never compounded and are never charged on penalties or fees.'],
    },
    {
      heading: '7. Prepayment',
      paragraphs: [
        'You may repay the whole loan early once half of the loan term has passed, and not before day {prepaymentMinDay} of the loan. Interest is charged only for the days you used the money.',
      ],
    },
    {
      heading: '8. How payments are applied',
      paragraphs: ['Every payment is applied to penalties first, then fees, then interest, then principal, oldest installment first.'],
    },
    {
      heading: '9. Your information',
      paragraphs: [
        'We use your information only to assess, grant and collect your loan, as described in our Privacy Policy. Collection is carried out respectfully and only through lawful means.',
      ],
    },
  ],
};

export default texts;
