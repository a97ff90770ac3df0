import { useSyncExternalStore } from 'react';
import { toast } from './toast-store';

/** Renders the current toast; the app renders it once. The live region stays mounted so screen readers announce changes. */
export function ToastHost() {
  const current = useSyncExternalStore(toast.subscribe, toast.current, toast.current);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {current && (
        <div className="toast" key={current.id} data-kind={current.kind}>
          {current.kind === 'loading' && <span className="toast-spinner" aria-hidden="true" />}
          <span>{current.message}</span>
        </div>
      )}
    </div>
  );
}
