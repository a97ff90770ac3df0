import { Link } from 'wouter';
import { useT } from '@/shared/i18n';
import { Page } from './page';

/** /that and /individual opened in India (decision 052): why there is nothing to choose, and the way to repay there. */
export function IndonesiaOnlyPage({ payWayHref }: { payWayHref: string }) {
  const t = useT();
  return (
    <Page title={t('indonesiaOnlyTitle')} back>
      <p role="alert">{t('indonesiaOnlyText')}</p>
      <Link href={payWayHref} replace className="button button-primary button-block">
        {t('repayByCard')}
      </Link>
    </Page>
  );
}
