import { interpolate } from '@kilat/contract';
import { Link } from 'wouter';
import { envConfig } from '@/shared/config/env-config';
import { useContent, useMarket } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { DocumentSections, Page } from '@/shared/ui';
import styles from './privacy-policy.module.css';
import { privacyPolicyTexts } from './texts';

/** /privacyPolicy and /privacy: the static privacy policy of spec §2, nine sections. */
export default function PrivacyPolicyPage() {
  const texts = useContent(privacyPolicyTexts, 'market');
  const market = useMarket();
  const company = envConfig.company[market];
  const values = {
    appName: envConfig.appName[market],
    company: company.name,
    address: company.address,
    phone: company.phone,
    email: company.email,
  };

  return (
    <Page title={texts.title} home>
      <div className={styles.policy}>
        <p className={styles.updated}>{texts.updated}</p>
        <p>{interpolate(texts.intro, values)}</p>
        <DocumentSections sections={texts.sections} values={values} />
        {/* issue 49 item 5: what is kept about the borrower, and their data as a file */}
        <p>
          <Link href={Paths.myData}>{texts.myDataLink}</Link>
        </p>
      </div>
    </Page>
  );
}
