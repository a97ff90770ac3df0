import { interpolate } from '@kilat/contract';
import { type FormEvent, useId } from 'react';
import type { Countdown } from '@/shared/hooks/use-countdown';
import { useT } from '@/shared/i18n';
import { Modal } from '@/shared/ui/modal';
import styles from '../pay-way.module.css';
import { limitVerificationCode } from '../pay-way-rules';
import type { PayWayTexts } from '../texts';

interface VerificationDialogProps {
  open: boolean;
  texts: PayWayTexts;
  code: string;
  onCodeChange: (code: string) => void;
  countdown: Countdown;
  busy: boolean;
  onResend: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The SMS verification step of a card repayment (spec §4): the code, resend with its 60 s countdown, cancel and confirm. */
export function VerificationDialog({
  open,
  texts,
  code,
  onCodeChange,
  countdown,
  busy,
  onResend,
  onConfirm,
  onCancel,
}: VerificationDialogProps) {
  const t = useT();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };

  // no onClose: a stray tap on the mask must not throw away a payment's code; Cancel closes it
  return (
    <Modal open={open} title={texts.verifyTitle}>
      <form className={styles.verify} onSubmit={submit} noValidate>
        <p id={`${id}-hint`} className={styles.hint}>
          {texts.verifyHint}
        </p>
        <label htmlFor={`${id}-code`} className={styles.codeLabel}>
          {texts.codeLabel}
        </label>
        <div className={styles.codeRow}>
          <input
            id={`${id}-code`}
            name="verifyCode"
            className={styles.codeInput}
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-describedby={`${id}-hint`}
            aria-required="true"
            value={code}
            onChange={(event) => onCodeChange(limitVerificationCode(event.target.value))}
          />
          <button type="button" className={`button ${styles.resend}`} disabled={countdown.running || busy} onClick={onResend}>
            {countdown.running ? (
              <>
                <span className="visually-hidden">{texts.resendLabel} </span>
                {interpolate(texts.countdown, { seconds: countdown.remaining })}
              </>
            ) : (
              t('getCode')
            )}
          </button>
        </div>
        <div className={styles.actions}>
          <button type="button" className="button" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button-primary" aria-disabled={busy}>
            {texts.confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
