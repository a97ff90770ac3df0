import type { ReactNode } from 'react';
import { useT } from '@/shared/i18n';

/** The illustrations of empty states, static files of apps/web/public/art (decision 085). */
export type EmptyArt = 'list' | 'products' | 'cards' | 'document';

/** An empty state: an illustration, a message and, optionally, an action such as 'Back to home'. */
export function Empty({ description, art = 'list', children }: { description?: string; art?: EmptyArt; children?: ReactNode }) {
  const t = useT();
  return (
    <section className="empty" data-art={art}>
      {/* decorative: the message below says what is empty */}
      <img className="empty-art" src={`/art/empty-${art}.svg`} alt="" width={160} height={120} decoding="async" />
      <p className="empty-text">{description ?? t('empty')}</p>
      {children}
    </section>
  );
}
