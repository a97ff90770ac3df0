import { Limits, maskPhoneInput, parsePhone, ResultCode } from '@kilat/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { envConfig } from '@/shared/config/env-config';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { ApiError } from '@/shared/http/api-client';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { browserDeviceId, getQueryContext, merchantNumber, pageParam, startSession } from '@/shared/query-context';
import { toast } from '@/shared/toast';
import { Page } from '@/shared/ui';
import { PhoneField, SmsCodeField } from '@/shared/ui/phone-code-fields';
import { useChannelTemplate } from './api/get-channel-template';
import { useRegister } from './api/register';
import { useSendSms } from './api/send-sms';
import { trackClick } from './api/track-click';
import { trackVisit } from './api/track-visit';
import { readableTextOn, safeColor, textColorOn } from './colors';
import styles from './promotion.module.css';
import {
  afterRegistrationHref,
  agreementTemplateHref,
  backToLoginHref,
  downloadTemplateHref,
  limitCaptcha,
  limitSmsCode,
  otherMarketProblem,
  type RegistrationFields,
  readChannelParams,
  registerProblem,
  sendSmsProblem,
  templateIdOf,
} from './registration-rules';
import { promotionTexts } from './texts';
import { useCaptcha } from './use-captcha';

const emptyFields: RegistrationFields = { phone: '', captcha: '', smsCode: '' };

// the landing page is page type 1 for both the visit and the click (spec §7)
const LANDING_PAGE_TYPE = '1';

/** The promotion registration template (spec §2, §4, §5): phone, image captcha, SMS code, apply. */
export default function RegistrationPage() {
  const texts = useContent(promotionTexts);
  const t = useT();
  const market = useMarket();
  const id = useId();
  const [, navigate] = useLocation();
  const channel = useMemo(() => readChannelParams(pageParam), []);
  const template = useChannelTemplate(templateIdOf(channel, 'registration'));
  const captcha = useCaptcha();
  const countdown = useCountdown();
  const queryClient = useQueryClient();
  // opened from login (issue 48): the number typed there, a way back to it, and where login was going
  const fromLogin = useMemo(() => ({ phone: pageParam('phone'), next: pageParam('next') }), []);
  const [fields, setFields] = useState<RegistrationFields>(() => ({
    ...emptyFields,
    phone: fromLogin.phone ? maskPhoneInput(fromLogin.phone, market) : '',
  }));
  const sendCode = useSendSms();
  const registration = useRegister();
  // one call of the form at a time: each check on the server spends the captcha the other would send
  const inFlight = () => sendCode.isRunning() || registration.isRunning();

  const context = getQueryContext();
  const clientType = context.clientType || 'h5';
  const channelFields = { app_from: channel.app_from, user_from: channel.user_from, utm_tag: channel.utm_tag };
  // the device the borrower is signed in on once registered (issue 48): the app's, else this browser's
  // read when a call is made, never while rendering: the browser's own id lives in its storage
  const identity = () => ({ deviceId: context.deviceId || browserDeviceId(), appName: context.appName || envConfig.appName[market] });

  // biome-ignore lint/correctness/useExhaustiveDependencies: one visit per page load
  useEffect(() => {
    if (channel.id) {
      void trackVisit({ page_id: channel.id, client_type: clientType, page_type: LANDING_PAGE_TYPE, ...channelFields });
    }
  }, []);

  const update = (name: keyof RegistrationFields, limit: (text: string) => string) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: limit(event.target.value) }));

  const toDownloadPage = () => navigate(downloadTemplateHref(channel));

  /** Every check on the server spends the captcha: the borrower types a new one for the next call. */
  const renewCaptcha = () => {
    setFields((current) => ({ ...current, captcha: '' }));
    void captcha.renew();
  };

  const onNewCaptcha = () => {
    // a new captcha needs the phone filled in (spec §5)
    const phoneProblem = sendSmsProblem({ ...fields, captcha: 'xxxx' }, market);
    if (phoneProblem) {
      toast.show(t(phoneProblem));
      return;
    }
    renewCaptcha();
  };

  // 11 'already registered' goes on to the download page; any other refusal (101, -1) the client has
  // shown, and the checked captcha is spent (spec §8)
  const onRefused = (error: Error) => {
    if (error instanceof ApiError && error.code === ResultCode.AlreadyRegistered) {
      toast.show(t('alreadyRegistered'));
      toDownloadPage();
      return;
    }
    // a wrong SMS code leaves the captcha good for this phone (issue 48): the borrower retypes only the code
    if (error instanceof ApiError && error.code === ResultCode.WrongVerificationCode) return;
    renewCaptcha();
  };

  const onGetCode = () => {
    if (countdown.running) {
      toast.show(t('doNotResendCode'));
      return;
    }
    const problem = sendSmsProblem(fields, market);
    if (problem) {
      toast.show(t(problem));
      return;
    }
    if (inFlight() || !captcha.sid) return;
    sendCode.mutate(
      {
        phone: parsePhone(fields.phone, market) ?? fields.phone,
        capcode: fields.captcha,
        sid: captcha.sid,
        ...identity(),
        ...channelFields,
      },
      {
        // the captcha that passed stays good for this phone's registration: the form sends it again
        onSuccess: () => {
          countdown.start();
          toast.show(texts.codeSent);
        },
        onError: onRefused,
      },
    );
  };

  const onApply = (event: FormEvent) => {
    event.preventDefault();
    const problem = registerProblem(fields, market);
    if (problem) {
      toast.show(t(problem));
      return;
    }
    if (inFlight() || !captcha.sid) return;
    const phone = parsePhone(fields.phone, market) ?? fields.phone;
    if (channel.id) {
      void trackClick({ page_id: channel.id, client_type: clientType, page_type: LANDING_PAGE_TYPE, phone, ...channelFields });
    }
    registration.mutate(
      {
        phone,
        capcode: fields.captcha,
        sid: captcha.sid,
        smsCode: fields.smsCode,
        merchantNumber: merchantNumber(),
        id: channel.id,
        ...identity(),
        ...channelFields,
      },
      {
        onSuccess: (session, { deviceId }) => {
          toast.show(t('registrationSuccessful'));
          // signed in with the code just verified (issue 48): no second code to log in
          if (session) {
            startSession(session.sessionId, deviceId ?? browserDeviceId(), market);
            void queryClient.resetQueries();
          }
          if (fromLogin.next) navigate(afterRegistrationHref(fromLogin.next), { replace: true });
          else toDownloadPage();
        },
        onError: onRefused,
      },
    );
  };

  const config = template.data;
  const pageColor = safeColor(config?.backgroundColor, envConfig.backgroundColor);
  const pageTextColor = textColorOn(pageColor, config?.textColor);
  const buttonColor = safeColor(config?.buttonColor, envConfig.backgroundColor);

  return (
    <Page
      title={config?.title || texts.registrationTitle}
      className={styles.landing}
      wrapTitle
      back={fromLogin.next ? () => navigate(backToLoginHref(market, fromLogin.next)) : undefined}
    >
      <div className={styles.backdrop} style={{ background: pageColor, color: pageTextColor }}>
        {config?.images.map((image, index) => (
          <img key={image} className={styles.banner} src={image} alt="" width={390} height={180} loading={index === 0 ? 'eager' : 'lazy'} />
        ))}
        {config?.subtitle && <p className={styles.subtitle}>{config.subtitle}</p>}
        <form className="form-card" onSubmit={onApply} noValidate>
          <PhoneField
            id={`${id}-phone`}
            label={texts.phoneLabel}
            value={fields.phone}
            market={market}
            autoComplete="tel"
            problem={otherMarketProblem(fields.phone, market) && t(otherMarketProblem(fields.phone, market)!)}
            onChange={(phone) => setFields((current) => ({ ...current, phone }))}
          />

          <label htmlFor={`${id}-captcha`}>{texts.captchaLabel}</label>
          <div className={styles.inline}>
            <input
              id={`${id}-captcha`}
              name="captcha"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={Limits.captchaLength}
              aria-required="true"
              value={fields.captcha}
              onChange={update('captcha', limitCaptcha)}
            />
            <button type="button" className={styles.captchaButton} onClick={onNewCaptcha} aria-label={texts.newCaptcha}>
              {captcha.imageUrl ? (
                <img className={styles.captchaImage} src={captcha.imageUrl} alt={texts.captchaImage} />
              ) : (
                <span className="visually-hidden">{texts.captchaLoading}</span>
              )}
            </button>
          </div>

          <SmsCodeField
            id={`${id}-sms`}
            label={texts.smsCodeLabel}
            value={fields.smsCode}
            maxLength={Limits.smsCodeLength}
            onChange={(typed) => setFields((current) => ({ ...current, smsCode: limitSmsCode(typed) }))}
            countdown={countdown}
            countdownText={texts.countdown}
            getCodeText={t('getCode')}
            onGetCode={onGetCode}
            sending={sendCode.isPending}
            buttonClassName={styles.codeButton}
          />

          <button
            type="submit"
            className={`button button-block ${styles.apply}`}
            disabled={registration.isPending}
            style={{ background: buttonColor, borderColor: buttonColor, color: readableTextOn(buttonColor) }}
          >
            {config?.buttonText || t('apply')}
          </button>

          {config && config.agreements.length > 0 && (
            <p className={styles.agreements}>
              {texts.agreementIntro}{' '}
              {config.agreements.map((agreement, index) => (
                <span key={agreement.title}>
                  {index > 0 && ', '}
                  <a href={agreementTemplateHref(channel, index)}>{agreement.title}</a>
                </span>
              ))}
            </p>
          )}
        </form>
      </div>
    </Page>
  );
}
