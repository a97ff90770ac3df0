import { interpolate, PHONE_INPUT_MAX_LENGTH } from '@kilat/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { maskPhone } from '@/shared/input-masks';
import { Paths } from '@/shared/paths';
import { browserDeviceId, pageParam, startSession } from '@/shared/query-context';
import { toast } from '@/shared/toast';
import { Page } from '@/shared/ui';
import { logIn } from './api/log-in';
import { sendLoginCode } from './api/send-login-code';
import styles from './login.module.css';
import { limitSmsCode, loginPhoneOf, loginProblem, safeNext } from './login-rules';
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
  const busy = useRef(false);

  const onGetCode = async () => {
    if (countdown.running) {
      toast.show(t('doNotResendCode'));
      return;
    }
    const e164 = loginPhoneOf(market, phone);
    if (e164 === null) {
      toast.show(t('enterPhoneCorrectly'));
      return;
    }
    if (busy.current) return;
    busy.current = true;
    try {
      await sendLoginCode({ phone: e164 });
      countdown.start();
      toast.show(texts.codeSent);
    } catch {
      // the client has shown the server's message
    } finally {
      busy.current = false;
    }
  };

  const onLogIn = async (event: FormEvent) => {
    event.preventDefault();
    const problem = loginProblem(market, phone, smsCode);
    if (problem) {
      toast.show(t(problem));
      return;
    }
    if (busy.current) return;
    busy.current = true;
    const deviceId = browserDeviceId();
    try {
      const session = await logIn({ phone: loginPhoneOf(market, phone)!, smsCode, deviceId });
      startSession(session.sessionId, deviceId);
      navigate(safeNext(pageParam('next'), Paths.main), { replace: true });
    } catch {
      // 800006 'verification code wrong' and other refusals: the client has shown the message
    } finally {
      busy.current = false;
    }
  };

  return (
    <Page title={texts.title}>
      <form className={styles.card} onSubmit={onLogIn} noValidate>
        <p className={styles.intro}>{texts.intro}</p>
        <label htmlFor={`${id}-phone`}>{texts.phoneLabel}</label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={PHONE_INPUT_MAX_LENGTH}
          aria-required="true"
          aria-describedby={`${id}-phone-hint`}
          value={phone}
          onChange={(event) => setPhone(maskPhone(event.target.value, market))}
        />
        <p id={`${id}-phone-hint`} className={styles.hint}>
          {texts.phoneHint}
        </p>

        <label htmlFor={`${id}-sms`}>{texts.smsCodeLabel}</label>
        <div className={styles.inline}>
          <input
            id={`${id}-sms`}
            name="smsCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-required="true"
            value={smsCode}
            onChange={(event) => setSmsCode(limitSmsCode(event.target.value))}
          />
          {/* aria-disabled, not disabled: a tap while counting down still answers 'do not resend code' (spec §5) */}
          <button type="button" className={`button ${styles.codeButton}`} aria-disabled={countdown.running} onClick={onGetCode}>
            {countdown.running ? interpolate(texts.countdown, { seconds: countdown.remaining }) : t('getCode')}
          </button>
        </div>

        <button type="submit" className={`button button-primary button-block ${styles.submit}`}>
          {texts.logIn}
        </button>
        <p className={styles.register}>
          {texts.noAccount} <a href={Paths.promotionRegistration}>{texts.register}</a>
        </p>
      </form>
    </Page>
  );
}
