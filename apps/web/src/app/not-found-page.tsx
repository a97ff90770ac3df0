import { Link } from 'wouter';
import { useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { Page } from '@/shared/ui';

/** Any address no page serves (yet). */
export default function NotFoundPage() {
  const t = useT();
  return (
    <Page title={t('notFoundTitle')} back>
      <section className="not-found">
        <p>{t('notFoundText')}</p>
        <Link href={Paths.officialHome} className="button button-primary">
          {t('backToHome')}
        </Link>
      </section>
    </Page>
  );
}
