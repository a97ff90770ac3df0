import { interpolate, type Market, PHONE_INPUT_MAX_LENGTH } from '@kilat/contract';
import type { Countdown } from '@/shared/hooks/use-countdown';
import { maskPhone } from '@/shared/input-masks';
import styles from './phone-code-fields.module.css';

interface PhoneFieldProps {
  id: string;
  label: string;
  /** a line under the field, read with it */
  hint?: string;
  /** what is wrong with the number as typed, shown under it at once (another market's number, issue 48) */
  problem?: string | null;
  value: string;
  market: Market;
  autoComplete: 'tel' | 'tel-national';
  onChange: (phone: string) => void;
}

/** A phone number typed in the market's format (decision 056), as login and the promotion registration ask for it. */
export function PhoneField({ id, label, hint, problem, value, market, autoComplete, onChange }: PhoneFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        maxLength={PHONE_INPUT_MAX_LENGTH}
        aria-required="true"
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        value={value}
        onChange={(event) => onChange(maskPhone(event.target.value, market))}
      />
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

interface SmsCodeFieldProps {
  id: string;
  label: string;
  value: string;
  maxLength?: number;
  onChange: (typed: string) => void;
  countdown: Countdown;
  /** the button's text while counting down, with {seconds} */
  countdownText: string;
  getCodeText: string;
  onGetCode: () => void;
  /** the code is being sent: the button waits */
  sending: boolean;
  buttonClassName?: string;
}

/** The SMS code with its get-code button and the 60 s resend countdown (spec §5). */
export function SmsCodeField(props: SmsCodeFieldProps) {
  const { id, label, value, maxLength, onChange, countdown, countdownText, getCodeText, onGetCode, sending, buttonClassName } = props;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className={styles.inline}>
        <input
          id={id}
          name="smsCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={maxLength}
          aria-required="true"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {/* aria-disabled, not disabled, while counting down: a tap then still answers 'do not resend code' (spec §5) */}
        <button
          type="button"
          className={`button ${styles.codeButton} ${buttonClassName ?? ''}`}
          aria-disabled={countdown.running}
          disabled={sending}
          onClick={onGetCode}
        >
          {countdown.running ? interpolate(countdownText, { seconds: countdown.remaining }) : getCodeText}
        </button>
      </div>
    </>
  );
}
