import { interpolate } from '@kilat/contract';
import { envConfig } from '@/shared/config/env-config';
import { useContent, useMarket } from '@/shared/i18n';
import { DocumentSections } from '@/shared/ui';
import styles from './loan-terms.module.css';
import { loanTermsValues } from './loan-terms-values';
import { loanTermsTexts } from './texts';

/** The document's own title, for the pages that show it as their heading. */
export const useLoanTermsTitle = (): string => useContent(loanTermsTexts, 'market').title;

interface LoanTermsDocumentProps {
  /** the level of each section heading: 2 on its own page, 3 inside the official site's section */
  headingLevel?: 2 | 3;
}

/** The static loan terms of the active market (spec §2, §9), shared by /loanTerms and the official site. */
export function LoanTermsDocument({ headingLevel = 2 }: LoanTermsDocumentProps) {
  const texts = useContent(loanTermsTexts, 'market');
  const market = useMarket();
  const company = envConfig.company[market];
  const values = loanTermsValues(market, { appName: envConfig.appName[market], ...company });

  return (
    <article className={styles.document}>
      <p>{interpolate(texts.intro, values)}</p>
      <DocumentSections sections={texts.sections} values={values} headingLevel={headingLevel} />
    </article>
  );
}
