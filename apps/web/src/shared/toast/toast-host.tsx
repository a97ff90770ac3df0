import { useEffect, useId, useSyncExternalStore } from 'react';
import { type ToastState, toast } from './toast-store';

const noToast = (): null => null;

/** Whether this host draws the toast: the newest mounted one does; before any has mounted, every one. */
const drawsHere = (id: string): boolean => {
  const top = toast.topHost();
  return top === undefined || top === id;
};

/**
 * Renders the current toast. The app renders one; an open modal dialog renders its own inside it, and
 * the newest host draws the toast, so a dialog's errors show above the dialog and in its accessible
 * tree, not inert behind it (decision 139). The live region of the drawing host stays mounted so
 * screen readers announce changes; the others are hidden meanwhile.
 */
export function ToastHost() {
  const id = useId();
  useEffect(() => toast.addHost(id), [id]);
  const drawing = useSyncExternalStore(
    toast.subscribe,
    () => drawsHere(id),
    () => drawsHere(id),
  );
  // the server's HTML never holds a toast, and hydration starts from that: a toast the browser shows
  // before it hydrates is drawn right after
  const current: ToastState | null = useSyncExternalStore(toast.subscribe, toast.current, noToast);
  const shown = drawing ? current : null;
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true" hidden={!drawing}>
      {shown && (
        <div className="toast" key={shown.id} data-kind={shown.kind}>
          {shown.kind === 'loading' && <span className="toast-spinner" aria-hidden="true" />}
          <span>{shown.message}</span>
        </div>
      )}
    </div>
  );
}
