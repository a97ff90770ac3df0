import { localeOf, Market, ResultCode } from '@kilat/contract';
import { type FormEvent, type MouseEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { ApiError } from '@/shared/http/errors';
import { chooseLanguage, useContent, useMarket, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { browserDeviceId, pageParam } from '@/shared/query-context';
import { toast } from '@/shared/toast';
import { Page } from '@/shared/ui';
import { PhoneField, SmsCodeField } from '@/shared/ui/phone-code-fields';
import { useLogIn } from './api/log-in';
import { useSendLoginCode } from './api/send-login-code';
import styles from './login.module.css';
import { limitSmsCode, loginPhoneOf, loginProblem, otherMarketProblem, phoneProblem, safeNext } from './login-rules';
import { loginTexts } from './texts';

/** Login (spec §2 names it, issue 17): phone in the market's format, SMS code with the 60 s resend countdown. */
export default function LoginPage() {
  const texts = useContent(loginTexts);
  const t = useT();
  const market = useMarket();
  const id = useId();
  const [, navigate] = useLocation();
  const countdown = useCountdown();
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  // the number asked for a code has no account: registration comes first (issue 30, decision 138)
  const [noAccount, setNoAccount] = useState(false);
  const sendCode = useSendLoginCode();
  const logIn = useLogIn();
  // one call of the form at a time, as one busy flag kept it before: a code request holds the login and the other way round
  const inFlight = () => sendCode.isRunning() || logIn.isRunning();

  const onGetCode = () => {
    if (countdown.running) {
      toast.show(t('doNotResendCode'));
      return;
    }
    const problem = phoneProblem(market, phone);
    const e164 = loginPhoneOf(market, phone);
    if (problem || e164 === null) {
      toast.show(t(problem ?? 'enterPhoneCorrectly'));
      return;
    }
    if (inFlight()) return;
    // a refusal was shown by the client
    sendCode.mutate(
      { phone: e164 },
      {
        onSuccess: () => {
          setNoAccount(false);
          countdown.start();
          toast.show(texts.codeSent);
        },
        onError: (error) => setNoAccount(error instanceof ApiError && error.code === ResultCode.NoAccount),
      },
    );
  };

  const onLogIn = (event: FormEvent) => {
    event.preventDefault();
    const problem = loginProblem(market, phone, smsCode);
    if (problem) {
      toast.show(t(problem));
      return;
    }
    if (inFlight()) return;
    // 800006 'verification code wrong' and other refusals: the client has shown the message
    logIn.mutate(
      { phone: loginPhoneOf(market, phone)!, smsCode, deviceId: browserDeviceId() },
      { onSuccess: () => navigate(safeNext(pageParam('next'), Paths.main), { replace: true }) },
    );
  };

  // registration carries the number typed here and where login was going: the borrower comes back signed in (issue 48)
  const registerParams = new URLSearchParams({ isNeedPop: market === Market.India ? '1' : '0' });
  if (loginPhoneOf(market, phone)) registerParams.set('phone', phone);
  registerParams.set('next', safeNext(pageParam('next'), Paths.main));
  const registerHref = `${Paths.promotionRegistration}?${registerParams}`;
  const otherMarket = otherMarketProblem(market, phone);

  // the borrower picks the market before logging in (issue 48): the page loads again in it, in its own language
  const marketHref = (chosen: Market) => {
    const params = new URLSearchParams({ isNeedPop: chosen === Market.India ? '1' : '0' });
    const next = pageParam('next');
    if (next) params.set('next', next);
    return `${Paths.login}?${params}`;
  };
  const onChooseMarket = async (event: MouseEvent<HTMLAnchorElement>, chosen: Market) => {
    event.preventDefault();
    const href = event.currentTarget.href;
    await chooseLanguage(localeOf(chosen), chosen);
    window.location.assign(href);
  };

  return (
    <Page title={texts.title}>
      <nav className={styles.markets} aria-label={t('loginMarketChoice')}>
        {[Market.India, Market.Indonesia].map((choice) => (
          <a
            key={choice}
            href={marketHref(choice)}
            lang={localeOf(choice)}
            aria-current={choice === market ? 'page' : undefined}
            className={choice === market ? styles.marketChosen : styles.market}
            onClick={(event) => void onChooseMarket(event, choice)}
          >
            {t(choice === Market.India ? 'loginMarketIndia' : 'loginMarketIndonesia')}
          </a>
        ))}
      </nav>
      <form className="form-card" onSubmit={onLogIn} noValidate>
        <p className={styles.intro}>{texts.intro}</p>
        <PhoneField
          id={`${id}-phone`}
          label={texts.phoneLabel}
          hint={texts.phoneHint}
          problem={otherMarket && t(otherMarket)}
          value={phone}
          market={market}
          autoComplete="tel-national"
          onChange={(typed) => {
            setPhone(typed);
            setNoAccount(false);
          }}
        />
        {noAccount && (
          <section className={styles.noAccountOffer} aria-labelledby={`${id}-no-account`}>
            <h2 id={`${id}-no-account`} className={styles.noAccountTitle}>
              {texts.noAccountTitle}
            </h2>
            <p>{texts.noAccountText}</p>
            <a className="button button-primary button-block" href={registerHref}>
              {texts.registerNow}
            </a>
          </section>
        )}
        <SmsCodeField
          id={`${id}-sms`}
          label={texts.smsCodeLabel}
          value={smsCode}
          onChange={(typed) => setSmsCode(limitSmsCode(typed))}
          countdown={countdown}
          countdownText={texts.countdown}
          getCodeText={t('getCode')}
          onGetCode={onGetCode}
          sending={sendCode.isPending}
        />

        <button type="submit" className={`button button-primary button-block ${styles.submit}`} disabled={logIn.isPending}>
          {texts.logIn}
        </button>
        <p className={styles.register}>
          {texts.noAccount} <a href={registerHref}>{texts.register}</a>
        </p>
      </form>
    </Page>
  );
}
