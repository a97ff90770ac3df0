import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useContent } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { endSession } from '@/shared/query-context';
import { toast } from '@/shared/toast';
import { Page } from '@/shared/ui';
import { deleteAccount, logOut, logOutEverywhere } from './api/account';
import styles from './setting.module.css';
import type { SettingTexts } from './texts/en-IN';

const loaders = {
  'en-IN': () => import('./texts/en-IN'),
  'id-ID': () => import('./texts/id-ID'),
};

/** Setting (spec §2 names it, issue 17): log out, log out everywhere, delete the account. */
export default function SettingPage() {
  const texts = useContent<SettingTexts>(loaders);
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const busy = useRef(false);

  /** Runs an account call once at a time; on success the tab forgets the session and shows login. */
  const run = async (action: () => Promise<unknown>, done?: string) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await action();
      endSession();
      if (done) toast.show(done);
      navigate(Paths.login, { replace: true });
    } catch {
      // the client has shown the server's message (a refused deletion names the open loan)
      setConfirming(false);
    } finally {
      busy.current = false;
    }
  };

  return (
    <Page title={texts.title} back>
      <div className={styles.card}>
        <Link href={Paths.repaymentHistory} className="button button-block">
          {texts.repaymentHistory}
        </Link>
      </div>
      <section className={styles.card} aria-labelledby="session-title">
        <h2 id="session-title">{texts.sessionTitle}</h2>
        <button type="button" className="button button-block" onClick={() => void run(logOut)}>
          {texts.logOut}
        </button>
        <button type="button" className="button button-block" aria-describedby="everywhere-hint" onClick={() => void run(logOutEverywhere)}>
          {texts.logOutEverywhere}
        </button>
        <p id="everywhere-hint" className={styles.hint}>
          {texts.logOutEverywhereHint}
        </p>
      </section>

      <section className={styles.card} aria-labelledby="account-title">
        <h2 id="account-title">{texts.accountTitle}</h2>
        <p className={styles.hint}>{texts.deleteHint}</p>
        {confirming ? (
          <fieldset aria-labelledby="delete-confirm" className={styles.confirm}>
            <p id="delete-confirm">{texts.deleteConfirm}</p>
            <button type="button" className={`button button-block ${styles.danger}`} onClick={() => void run(deleteAccount, texts.deleted)}>
              {texts.deleteYes}
            </button>
            <button type="button" className="button button-block" onClick={() => setConfirming(false)}>
              {texts.deleteNo}
            </button>
          </fieldset>
        ) : (
          <button type="button" className={`button button-block ${styles.danger}`} onClick={() => setConfirming(true)}>
            {texts.deleteAccount}
          </button>
        )}
      </section>
    </Page>
  );
}
