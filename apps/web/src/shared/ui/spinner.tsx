import { useOptionalT } from '@/shared/i18n';

/** A loading indicator; also the app's Suspense fallback, so it works before the language pack loads. */
export function Spinner({ label }: { label?: string }) {
  const t = useOptionalT();
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t?.('loading') ?? 'Loading...'}</span>
    </div>
  );
}
