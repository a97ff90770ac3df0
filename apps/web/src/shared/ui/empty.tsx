import type { ReactNode } from 'react';
import { useT } from '@/shared/i18n';

/** An empty state: a message and, optionally, an action such as 'Back to home'. */
export function Empty({ description, children }: { description?: string; children?: ReactNode }) {
  const t = useT();
  return (
    <section className="empty">
      <svg className="empty-icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect x="10" y="18" width="44" height="32" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M10 30h14l4 6h8l4-6h14" fill="none" stroke="currentColor" strokeWidth="3" />
      </svg>
      <p className="empty-text">{description ?? t('empty')}</p>
      {children}
    </section>
  );
}
