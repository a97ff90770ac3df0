import { goHome } from '@/shared/bridge/native-bridge';
import { useT } from '@/shared/i18n';
import type { SessionFailure } from '@/shared/session';
import { Page } from './page';

interface SessionEndedPageProps {
  failure: SessionFailure;
  /** asks the page's calls again, e.g. after signing in in another tab of the app */
  onRetry: () => void;
}

/** What every borrower page shows once a call finds no valid session (decision 053): what happened, and the way back. */
export function SessionEndedPage({ failure, onRetry }: SessionEndedPageProps) {
  const t = useT();
  const expired = failure === 'expired';
  return (
    <Page title={t(expired ? 'sessionExpiredTitle' : 'sessionMissingTitle')}>
      <p role="alert">{t(expired ? 'sessionExpiredText' : 'sessionMissingText')}</p>
      {/* the native shell's home signs the borrower in again; a browser goes to the official home */}
      <button type="button" className="button button-primary button-block" onClick={() => void goHome()}>
        {t('sessionWayBack')}
      </button>
      <button type="button" className="button button-block" onClick={onRetry}>
        {t('sessionTryAgain')}
      </button>
    </Page>
  );
}
