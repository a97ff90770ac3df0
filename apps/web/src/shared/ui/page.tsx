import { type ReactNode, useEffect } from 'react';
import { Link } from 'wouter';
import { useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { useInPhoneBrowser } from './phone-browser';

export interface PageProps {
  /** the document title and the level-1 heading */
  title: string;
  /** shows a back button: `true` goes back in history, a function does what it says */
  back?: boolean | (() => void);
  /** in a phone browser, a link to the borrower's home (`/main`) in the header; the native shell has its own (issue 30) */
  home?: boolean;
  /** the heading wraps onto more lines instead of ending in '…': a headline that must be read whole (a promotion's amounts, issue 30) */
  wrapTitle?: boolean;
  /** content beside the heading, e.g. a link */
  headerExtra?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A page frame: document title, a header with the level-1 heading, and the main landmark. */
export function Page({ title, back, home, wrapTitle, headerExtra, className, children }: PageProps) {
  const t = useT();
  const inPhoneBrowser = useInPhoneBrowser();
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
        <h1 className={wrapTitle ? 'page-title page-title-wrap' : 'page-title'}>{title}</h1>
        {home && inPhoneBrowser && (
          <Link href={Paths.main} className="page-home">
            {t('homeLink')}
          </Link>
        )}
        {headerExtra && <div className="page-header-extra">{headerExtra}</div>}
      </header>
      <main id="main" className={className ? `page-main ${className}` : 'page-main'}>
        {children}
      </main>
    </>
  );
}
