import { useId } from 'react';
import { envConfig } from '@/shared/config/env-config';
import { telHref } from '@/shared/format';
import { useMarket, useT } from '@/shared/i18n';

/**
 * Whom to complain to when customer service has not helped (issue 49, decision 220): India's nodal
 * grievance redressal officer (RBI digital lending directions), Indonesia's complaint desk (POJK
 * 22/2023), and where the complaint may go after them — the RBI Ombudsman, or OJK and LAPS SJK.
 */
export function GrievanceContact() {
  const t = useT();
  const market = useMarket();
  const id = useId();
  const { grievance } = envConfig.company[market];
  return (
    <section className="grievance-contact" aria-labelledby={id}>
      <h2 id={id} className="grievance-contact-title">
        {t('grievanceOfficerTitle')}
      </h2>
      <p>{t('grievanceOfficerLead')}</p>
      <dl className="grievance-contact-details">
        <dt>{t('grievanceOfficerName')}</dt>
        <dd>{grievance.name}</dd>
        <dt>{t('telephone')}</dt>
        <dd>
          <a href={telHref(grievance.phone)}>{grievance.phone}</a>
        </dd>
        <dt>{t('email')}</dt>
        <dd>
          <a href={`mailto:${grievance.email}`}>{grievance.email}</a>
        </dd>
      </dl>
      <p>{t('grievanceEscalation')}</p>
    </section>
  );
}
