import { useSearch } from 'wouter';
import { telHref } from '@/shared/format';
import { useContent, useT } from '@/shared/i18n';
import { GrievanceContact, Page, QueryState, WhatsAppHelp } from '@/shared/ui';
import { useContactInfo } from './api/get-contact-info';
import styles from './customer-service.module.css';
import { customerServiceTexts } from './texts';

/** /customerService: the Telephone and E-mail entries the server gives (spec §2). */
export default function CustomerServicePage() {
  const texts = useContent(customerServiceTexts);
  const t = useT();
  const contact = useContactInfo();
  const orderNo = new URLSearchParams(useSearch()).get('orderNo') ?? undefined;

  return (
    <Page title={texts.title} home>
      <p>{texts.intro}</p>
      <QueryState query={contact} failed={texts.loadFailed}>
        {(data) => (
          <ul className={styles.entries}>
            <li>
              <a className={styles.entry} href={telHref(data.smWa)}>
                <span className={styles.label}>{t('telephone')}</span>
                <span className={styles.value}>{data.smWa}</span>
                <span className={styles.hint}>{texts.callHint}</span>
              </a>
            </li>
            <li>
              <a className={styles.entry} href={`mailto:${data.email}`}>
                <span className={styles.label}>{t('email')}</span>
                <span className={styles.value}>{data.email}</span>
                <span className={styles.hint}>{texts.emailHint}</span>
              </a>
            </li>
          </ul>
        )}
      </QueryState>
      <WhatsAppHelp orderNo={orderNo} />
      <GrievanceContact />
    </Page>
  );
}
