import { telHref } from '@/shared/format';
import { useContent, useT } from '@/shared/i18n';
import { LoadFailed, Page, Spinner } from '@/shared/ui';
import { useContactInfo } from './api/get-contact-info';
import styles from './customer-service.module.css';
import { customerServiceTexts } from './texts';

// a dialable number keeps only the leading plus and digits

/** /customerService: the Telephone and E-mail entries the server gives (spec §2). */
export default function CustomerServicePage() {
  const texts = useContent(customerServiceTexts);
  const t = useT();
  const contact = useContactInfo();

  return (
    <Page title={texts.title}>
      <p>{texts.intro}</p>
      {contact.isPending ? (
        <Spinner />
      ) : contact.isError ? (
        <LoadFailed message={texts.loadFailed} onRetry={() => contact.refetch()} />
      ) : (
        <ul className={styles.entries}>
          <li>
            <a className={styles.entry} href={telHref(contact.data.smWa)}>
              <span className={styles.label}>{t('telephone')}</span>
              <span className={styles.value}>{contact.data.smWa}</span>
              <span className={styles.hint}>{texts.callHint}</span>
            </a>
          </li>
          <li>
            <a className={styles.entry} href={`mailto:${contact.data.email}`}>
              <span className={styles.label}>{t('email')}</span>
              <span className={styles.value}>{contact.data.email}</span>
              <span className={styles.hint}>{texts.emailHint}</span>
            </a>
          </li>
        </ul>
      )}
    </Page>
  );
}
