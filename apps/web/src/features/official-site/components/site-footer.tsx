import { formatDate, formatRate, Market } from '@kilat/contract';
import { envConfig } from '@/shared/config/env-config';
import { telHref } from '@/shared/format';
import { useT } from '@/shared/i18n';
import { usePublishedTkb90 } from '../api/get-tkb90';
import styles from '../official-site.module.css';

// a dialable number keeps only the leading plus and digits

/** The operator's details under every section (spec §2 footer). */
export function SiteFooter({ market }: { market: Market }) {
  const t = useT();
  const company = envConfig.company[market];
  // Indonesian P2P platforms publish their TKB90 on their site (OJK); India has no such figure
  const tkb90 = usePublishedTkb90(market === Market.Indonesia);
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
        {tkb90 && (
          <>
            <dt>{t('tkb90Label')}</dt>
            <dd>{t('tkb90Value', { rate: formatRate(tkb90.tkb90Bps, market), date: formatDate(`${tkb90.asOf}T00:00:00Z`, market) })}</dd>
          </>
        )}
      </dl>
      <p>{t('grievanceEscalation')}</p>
      <p className={styles.copyright}>{t('footerCopyright', { year: new Date().getFullYear(), company: company.name })}</p>
    </footer>
  );
}
