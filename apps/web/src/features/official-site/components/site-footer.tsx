import type { Market } from '@kilat/contract';
import { envConfig } from '@/shared/config/env-config';
import { telHref } from '@/shared/format';
import { useT } from '@/shared/i18n';
import styles from '../official-site.module.css';

// a dialable number keeps only the leading plus and digits

/** The operator's details under every section (spec §2 footer). */
export function SiteFooter({ market }: { market: Market }) {
  const t = useT();
  const company = envConfig.company[market];
  return (
    <footer className={styles.footer}>
      <p className={styles.footerCompany}>{company.name}</p>
      <dl className={styles.footerDetails}>
        <dt>{t('footerAddress')}</dt>
        <dd>{company.address}</dd>
        <dt>{t('lenderRegistration')}</dt>
        <dd>{company.registration}</dd>
        <dt>{t('footerPhone')}</dt>
        <dd>
          <a href={telHref(company.phone)}>{company.phone}</a>
        </dd>
        <dt>{t('footerEmail')}</dt>
        <dd>
          <a href={`mailto:${company.email}`}>{company.email}</a>
        </dd>
        <dt>{t('grievanceOfficerTitle')}</dt>
        <dd>
          {company.grievance.name} · <a href={telHref(company.grievance.phone)}>{company.grievance.phone}</a> ·{' '}
          <a href={`mailto:${company.grievance.email}`}>{company.grievance.email}</a>
        </dd>
      </dl>
      <p>{t('grievanceEscalation')}</p>
      <p className={styles.copyright}>{t('footerCopyright', { year: new Date().getFullYear(), company: company.name })}</p>
    </footer>
  );
}
