import { type ReactNode, useEffect, useId, useRef } from 'react';
import { ToastHost } from '@/shared/toast';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  /** the dialog's heading, which also names it */
  title: string;
  /** Escape and a tap on the backdrop call it; without it the dialog closes only by its own buttons */
  onClose?: () => void;
  children?: ReactNode;
}

/**
 * A centred modal dialog, for the spec's rating and success modals: a native `<dialog>` opened
 * with `showModal()`, so the browser keeps the focus inside it and makes the page behind it inert
 * (docs/decisions/064). It names itself by its heading and takes the focus when it opens, so
 * screen readers announce it; the focus goes back where it was when it closes. While it is open the
 * toast is drawn inside it, above its panel: the page's own toast would be behind the dialog (decision 139).
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const node = dialog.current;
    if (!open || !node) return;
    const previous = document.activeElement as HTMLElement | null;
    // a WebView without <dialog> support shows it in place, as an open (non-modal) dialog
    if (typeof node.showModal === 'function') {
      if (!node.open) node.showModal();
    } else {
      node.setAttribute('open', '');
    }
    node.focus();
    return () => {
      if (node.open && typeof node.close === 'function') node.close();
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      tabIndex={-1}
      // Escape is handled below; the browser's own closing would leave the page's state open
      onCancel={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose?.();
      }}
      // a click on the dialog element itself, outside its panel, is a click on the backdrop
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div className={styles.panel}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
      <ToastHost />
    </dialog>
  );
}
