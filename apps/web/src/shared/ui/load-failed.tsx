import { useT } from '@/shared/i18n';
import { WhatsAppHelp } from './whatsapp-help';

interface LoadFailedProps {
  /** what failed; the shell's loadFailed text when absent */
  message?: string;
  onRetry: () => void;
}

/** The order number the page's address names, for the WhatsApp message; the load that failed may be the one that had it. */
const orderNoOfAddress = (): string | undefined =>
  typeof window === 'undefined' ? undefined : (new URLSearchParams(window.location.search).get('orderNo') ?? undefined);

/** A failed load: the reason, announced, a retry button, and a person to talk to when retrying does not help (issue 49). */
export function LoadFailed({ message, onRetry }: LoadFailedProps) {
  const t = useT();
  return (
    <div className="load-failed" role="alert">
      <p>{message ?? t('loadFailed')}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('retry')}
      </button>
      <WhatsAppHelp orderNo={orderNoOfAddress()} />
    </div>
  );
}
