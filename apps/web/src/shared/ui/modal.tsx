import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  /** the dialog's heading, which also names it */
  title: string;
  /** Escape and a tap on the mask call it; without it the dialog closes only by its own buttons */
  onClose?: () => void;
  children?: ReactNode;
}

/**
 * A centred modal dialog over a mask, for the spec's rating and success modals. It names
 * itself by its heading and takes the focus when it opens, so screen readers announce it.
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a tap on the mask is a pointer convenience; Escape and the dialog's buttons serve the keyboard
    <div className={styles.mask} onClick={onClose} role="presentation">
      <div
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose?.();
        }}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
