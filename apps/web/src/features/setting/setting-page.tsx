import { Locale } from '@kilat/contract';
import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError } from '@/shared/http/api-client';
import { chooseLanguage, preloadContent, useContent, useLocale, useMarket, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { toast } from '@/shared/toast';
import { HelpLinks, Page } from '@/shared/ui';
import { useCheckDeletion } from './api/check-deletion';
import { useDeleteAccount } from './api/delete-account';
import { useLogOut } from './api/log-out';
import { useLogOutEverywhere } from './api/log-out-everywhere';
import styles from './setting.module.css';
import { settingTexts } from './texts';

const languages = [Locale.India, Locale.Indonesia];

/** Setting (spec §2 names it, issue 17): the pages' language, log out, log out everywhere, delete the account. */
export default function SettingPage() {
  const texts = useContent(settingTexts);
  const market = useMarket();
  const locale = useLocale();
  const id = useId();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  // logging out every phone asks first and says when it is done (issue 48)
  const [confirmingEverywhere, setConfirmingEverywhere] = useState(false);
  // the radio follows the tap at once, while the other language's texts load
  const [picked, setPicked] = useState<Locale | null>(null);
  const logOut = useLogOut();
  const logOutEverywhere = useLogOutEverywhere();
  const deletion = useDeleteAccount();
  // an open loan is refused before the borrower is asked to delete for good (issue 48)
  const deletionCheck = useCheckDeletion();
  const [refusal, setRefusal] = useState('');
  const t = useT();
  const mutations = [logOut, logOutEverywhere, deletion, deletionCheck];
  const busy = mutations.some((mutation) => mutation.isPending);
  // a second tap in the same frame, before isPending renders, finds the first call in the cache (decision 090)
  const once = (start: () => void) => () => {
    if (!mutations.some((mutation) => mutation.isRunning())) start();
  };

  const choose = async (language: Locale) => {
    setPicked(language);
    await preloadContent(settingTexts, language);
    await chooseLanguage(language, market);
    setPicked(null);
  };

  // the session is gone (the hooks forgot it): login is the only page left to show
  const leave = (done?: string) => {
    if (done) toast.show(done);
    navigate(Paths.login, { replace: true });
  };

  return (
    <Page title={texts.title} back home>
      <div className={styles.card}>
        <Link href={Paths.repaymentHistory} className="button button-block">
          {texts.repaymentHistory}
        </Link>
        <Link href={Paths.myData} className="button button-block">
          {texts.myData}
        </Link>
        <Link href={Paths.coupons} className="button button-block">
          {texts.coupons}
        </Link>
      </div>
      <section className={styles.card} aria-labelledby={`${id}-language`}>
        <h2 id={`${id}-language`}>{texts.languageTitle}</h2>
        <fieldset className={styles.choices} aria-labelledby={`${id}-language`} aria-describedby={`${id}-language-hint`}>
          {languages.map((language) => (
            <label key={language} className={styles.choice} lang={language}>
              <input
                type="radio"
                name={`${id}-language`}
                value={language}
                checked={(picked ?? locale) === language}
                onChange={() => void choose(language)}
              />
              {texts.languageNames[language]}
            </label>
          ))}
        </fieldset>
        <p id={`${id}-language-hint`} className={styles.hint}>
          {texts.languageHint}
        </p>
      </section>

      <section className={styles.card} aria-labelledby={`${id}-session`}>
        <h2 id={`${id}-session`}>{texts.sessionTitle}</h2>
        <button
          type="button"
          className="button button-block"
          disabled={busy}
          onClick={once(() => logOut.mutate({}, { onSuccess: () => leave() }))}
        >
          {texts.logOut}
        </button>
        {confirmingEverywhere ? (
          <fieldset aria-labelledby={`${id}-everywhere-confirm`} className={styles.confirm}>
            <p id={`${id}-everywhere-confirm`}>{texts.logOutEverywhereConfirm}</p>
            <button
              type="button"
              className="button button-block"
              disabled={busy}
              onClick={once(() =>
                logOutEverywhere.mutate(
                  {},
                  { onSuccess: () => leave(texts.loggedOutEverywhere), onError: () => setConfirmingEverywhere(false) },
                ),
              )}
            >
              {texts.logOutEverywhereYes}
            </button>
            <button type="button" className="button button-block" onClick={() => setConfirmingEverywhere(false)}>
              {texts.logOutEverywhereNo}
            </button>
          </fieldset>
        ) : (
          <button
            type="button"
            className="button button-block"
            disabled={busy}
            aria-describedby={`${id}-everywhere-hint`}
            onClick={() => setConfirmingEverywhere(true)}
          >
            {texts.logOutEverywhere}
          </button>
        )}
        <p id={`${id}-everywhere-hint`} className={styles.hint}>
          {texts.logOutEverywhereHint}
        </p>
      </section>

      <section className={styles.card} aria-labelledby={`${id}-account`}>
        <h2 id={`${id}-account`}>{texts.accountTitle}</h2>
        <p className={styles.hint}>{texts.deleteHint}</p>
        {confirming ? (
          <fieldset aria-labelledby={`${id}-delete-confirm`} className={styles.confirm}>
            <p id={`${id}-delete-confirm`}>{texts.deleteConfirm}</p>
            <button
              type="button"
              className={`button button-block ${styles.danger}`}
              disabled={busy}
              // a refusal was toasted by the client with the server's reason (the open loan): back to the plain button
              onClick={once(() => deletion.mutate({}, { onSuccess: () => leave(texts.deleted), onError: () => setConfirming(false) }))}
            >
              {texts.deleteYes}
            </button>
            <button type="button" className="button button-block" onClick={() => setConfirming(false)}>
              {texts.deleteNo}
            </button>
          </fieldset>
        ) : (
          <button
            type="button"
            className={`button button-block ${styles.danger}`}
            disabled={busy}
            aria-describedby={refusal ? `${id}-delete-refused` : undefined}
            onClick={once(() => {
              setRefusal('');
              deletionCheck.mutate(
                {},
                {
                  onSuccess: () => setConfirming(true),
                  onError: (error) => setRefusal(error instanceof ApiError ? error.message : t('networkError')),
                },
              );
            })}
          >
            {texts.deleteAccount}
          </button>
        )}
        {refusal && !confirming && (
          <p id={`${id}-delete-refused`} className={styles.refusal} role="alert">
            {refusal}
          </p>
        )}
      </section>
      <HelpLinks />
    </Page>
  );
}
