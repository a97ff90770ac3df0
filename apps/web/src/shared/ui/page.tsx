import { type ReactNode, useEffect } from 'react';
import { useT } from '@/shared/i18n';

export interface PageProps {
  /** the document title and the level-1 heading */
  title: string;
  /** shows a back button: `true` goes back in history, a function does what it says */
  back?: boolean | (() => void);
  /** content beside the heading, e.g. a link */
  headerExtra?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A page frame: document title, a header with the level-1 heading, and the main landmark. */
export function Page({ title, back, headerExtra, className, children }: PageProps) {
  const t = useT();
  useEffect(() => {
    document.title = title;
  }, [title]);
  const onBack = typeof back === 'function' ? back : () => window.history.back();

  return (
    <>
      <header className="page-header">
        {back && (
          <button type="button" className="page-back" onClick={onBack} aria-label={t('back')}>
            <span aria-hidden="true">‹</span>
          </button>
        )}
        <h1 className="page-title">{title}</h1>
        {headerExtra && <div className="page-header-extra">{headerExtra}</div>}
      </header>
      <main id="main" className={className ? `page-main ${className}` : 'page-main'}>
        {children}
      </main>
    </>
  );
}
