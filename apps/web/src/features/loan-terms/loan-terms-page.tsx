import { Page } from '@/shared/ui';
import { LoanTermsDocument, useLoanTermsTitle } from './loan-terms-document';

/** /loanTerms: the loan terms and conditions of the active market (spec §2). */
export default function LoanTermsPage() {
  const title = useLoanTermsTitle();
  return (
    <Page title={title} home>
      <LoanTermsDocument headingLevel={2} />
    </Page>
  );
}
