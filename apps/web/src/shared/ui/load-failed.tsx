import { useT } from '@/shared/i18n';

interface LoadFailedProps {
  /** what failed; the shell's loadFailed text when absent */
  message?: string;
  onRetry: () => void;
}

/** A failed load: the reason, announced, and a retry button. */
export function LoadFailed({ message, onRetry }: LoadFailedProps) {
  const t = useT();
  return (
    <div className="load-failed" role="alert">
      <p>{message ?? t('loadFailed')}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
