import {
  bankOfIfsc,
  checkDisbursalAccount,
  type DisbursalAccountKind,
  DisbursalKinds,
  type DisbursalProblem,
  disbursalChannelsOf,
  interpolate,
  isValidIfsc,
} from '@kilat/contract';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { ApiError, type CallData } from '@/shared/http/api-client';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { loanConfirmHref } from '@/shared/loan-choice';
import { pageParam } from '@/shared/query-context';
import { toast } from '@/shared/toast';
import { Page, QueryState } from '@/shared/ui';
import { SmsCodeField } from '@/shared/ui/phone-code-fields';
import {
  type AccountForm,
  accountInput,
  emptyForm,
  expectedLength,
  fieldOfProblem,
  limitAccountNumber,
  limitIfsc,
  limitSmsCode,
} from './account-rules';
import { useDisbursalAccount } from './api/get-disbursal-account';
import { useSaveDisbursalAccount } from './api/save-disbursal-account';
import { useSendChangeCode } from './api/send-change-code';
import styles from './disbursal-account.module.css';
import { type DisbursalAccountTexts, disbursalAccountTexts } from './texts';

type Overview = CallData<'disbursalAccount'>;
type Account = NonNullable<Overview['account']>;
type Field = keyof AccountForm;

/** Where the money goes (issue 28): the borrower's disbursal account, asked before loan confirm. */
export default function DisbursalAccountPage() {
  const texts = useContent(disbursalAccountTexts);
  const overview = useDisbursalAccount();
  return (
    <Page title={texts.title} back wrapTitle>
      <QueryState query={overview} failed={texts.loadFailed}>
        {(data) => <AccountFormView texts={texts} overview={data} />}
      </QueryState>
    </Page>
  );
}

function AccountFormView({ texts, overview }: { texts: DisbursalAccountTexts; overview: Overview }) {
  const t = useT();
  const market = useMarket();
  const id = useId();
  const [, navigate] = useLocation();
  const productId = useMemo(() => pageParam('productId'), []);
  const [form, setForm] = useState(() => emptyForm(market, overview.applicantName));
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [result, setResult] = useState<Account | null>(null);
  const save = useSaveDisbursalAccount();
  const sendCode = useSendChangeCode();
  const countdown = useCountdown();
  // back to loan confirm with the amount and term the borrower chose there (issue 48)
  const confirmHref = loanConfirmHref(productId);

  const set = <K extends Field>(name: K, value: AccountForm[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    if (problem?.field === name) setProblem(null);
  };

  // another kind of account: what was said of the last one (the bank's refusal, a field's problem) no longer applies (issue 48)
  const chooseKind = (kind: DisbursalAccountKind) => {
    setForm((current) => ({ ...current, kind }));
    setProblem(null);
    setRefusal(null);
    setResult(null);
  };

  const onGetCode = () => {
    if (countdown.running) {
      toast.show(t('doNotResendCode'));
      return;
    }
    if (sendCode.isRunning()) return;
    // a refusal was shown by the client
    sendCode.mutate({}, { onSuccess: () => countdown.start() });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    setResult(null);
    const check = checkDisbursalAccount(market, accountInput(market, form));
    if (!check.ok) {
      const field = fieldOfProblem(check, form.kind) as Field;
      setProblem({ field, message: t(check.problem as DisbursalProblem, check.values) });
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    setProblem(null);
    if (save.isRunning()) return;
    save.mutate(
      { ...accountInput(market, form), ...(overview.changeNeedsCode ? { smsCode: form.smsCode } : {}) },
      {
        onSuccess: ({ account }) => {
          setResult(account);
          if (account.usable && confirmHref) navigate(confirmHref);
        },
        onError: (error) => setRefusal(error instanceof ApiError ? error.message : t('networkError')),
      },
    );
  };

  const errorId = (field: Field) => `${id}-${field}-error`;
  const describedBy = (field: Field, hint?: boolean) =>
    [hint ? `${id}-${field}-hint` : '', problem?.field === field ? errorId(field) : ''].filter(Boolean).join(' ') || undefined;
  const error = (field: Field) =>
    problem?.field === field ? (
      <p id={errorId(field)} className={styles.error}>
        {problem.message}
      </p>
    ) : null;
  const hint = (field: Field, text: ReactNode) => (
    <p id={`${id}-${field}-hint`} className={styles.hint}>
      {text}
    </p>
  );
  const input = (
    field: 'holderName' | 'accountNumber' | 'ifsc' | 'vpa' | 'phone',
    props: InputHTMLAttributes<HTMLInputElement>,
    limit?: (typed: string) => string,
  ) => (
    <input
      id={`${id}-${field}`}
      name={field}
      aria-invalid={problem?.field === field}
      value={form[field]}
      onChange={(event) => set(field, limit ? limit(event.target.value) : event.target.value)}
      {...props}
    />
  );

  // the bank is named only for an IFSC of the right form (4 letters, 0, 6 letters or digits), never from its first letters alone (issue 48)
  const ifscBank = isValidIfsc(form.ifsc) ? bankOfIfsc(form.ifsc) : null;
  const length = expectedLength(form.bankChannel);
  const current = overview.account;
  const refused = current !== null && !current.usable && (current.status === 'invalid' || current.status === 'name_mismatch');

  return (
    <>
      {current && (
        <section className="panel" aria-labelledby={`${id}-current`}>
          <h2 id={`${id}-current`} className={styles.sectionTitle}>
            {refused ? texts.currentRefused : current.usable ? texts.current : texts.currentChecking}
          </h2>
          <p className={styles.account}>
            {current.kind === 'upi'
              ? interpolate(texts.currentUpi, { last4: current.last4, psp: current.channelCode })
              : interpolate(texts.currentAccount, { bank: current.bankName, last4: current.last4 })}
          </p>
          {current.status === 'valid' && <p className={styles.hint}>{texts.currentValid}</p>}
          {/* why the saved account cannot take the loan, and what to do, beside that account (not under the form for another) */}
          {!current.usable && current.reason && !result && <p className={styles.error}>{current.reason}</p>}
          {refused && <p className={styles.hint}>{texts.currentRefusedNext}</p>}
          {current.usable && confirmHref && (
            <Link className={`button button-block ${styles.back}`} href={confirmHref}>
              {texts.backToConfirm}
            </Link>
          )}
        </section>
      )}

      <form className="form-card" onSubmit={onSubmit} noValidate>
        <p>{interpolate(texts.intro, { name: overview.applicantName })}</p>

        <fieldset className={styles.kinds}>
          <legend>{texts.kindLegend}</legend>
          {DisbursalKinds[market].map((kind) => (
            <label key={kind} className={styles.kind}>
              <input type="radio" name="kind" value={kind} checked={form.kind === kind} onChange={() => chooseKind(kind)} />
              {texts.kind[kind]}
            </label>
          ))}
        </fieldset>

        <label htmlFor={`${id}-holderName`}>{texts.holderName}</label>
        {input('holderName', { autoComplete: 'name', maxLength: 60, 'aria-describedby': describedBy('holderName', true) })}
        {hint('holderName', texts.holderHint)}
        {error('holderName')}

        {market === 'ID' && form.kind !== 'upi' && (
          <>
            <label htmlFor={`${id}-${form.kind === 'ewallet' ? 'walletChannel' : 'bankChannel'}`}>
              {form.kind === 'ewallet' ? texts.wallet : texts.bank}
            </label>
            {form.kind === 'ewallet' ? (
              <select
                id={`${id}-walletChannel`}
                className={styles.select}
                value={form.walletChannel}
                onChange={(event) => set('walletChannel', event.target.value)}
              >
                {disbursalChannelsOf('ewallet').map((channel) => (
                  <option key={channel.code} value={channel.code}>
                    {channel.name}
                  </option>
                ))}
              </select>
            ) : (
              <select
                id={`${id}-bankChannel`}
                className={styles.select}
                value={form.bankChannel}
                onChange={(event) => set('bankChannel', event.target.value)}
              >
                {disbursalChannelsOf('bank').map((channel) => (
                  <option key={channel.code} value={channel.code}>
                    {channel.name}
                  </option>
                ))}
              </select>
            )}
            {error(form.kind === 'ewallet' ? 'walletChannel' : 'bankChannel')}
          </>
        )}

        {form.kind === 'bank' && (
          <>
            <label htmlFor={`${id}-accountNumber`}>{texts.accountNumber}</label>
            {input(
              'accountNumber',
              { inputMode: 'numeric', autoComplete: 'off', 'aria-describedby': describedBy('accountNumber', true) },
              limitAccountNumber,
            )}
            {hint(
              'accountNumber',
              market === 'IN' ? texts.accountNumberHint.IN : length ? interpolate(texts.accountNumberHint.ID, length) : '',
            )}
            {error('accountNumber')}
          </>
        )}

        {market === 'IN' && form.kind === 'bank' && (
          <>
            <label htmlFor={`${id}-ifsc`}>{texts.ifsc}</label>
            {input(
              'ifsc',
              { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, 'aria-describedby': describedBy('ifsc', true) },
              limitIfsc,
            )}
            {hint('ifsc', texts.ifscHint)}
            <p className={styles.bankName} aria-live="polite">
              {ifscBank ? interpolate(texts.ifscBank, { bank: ifscBank }) : ''}
            </p>
            {error('ifsc')}
          </>
        )}

        {form.kind === 'upi' && (
          <>
            <label htmlFor={`${id}-vpa`}>{texts.upi}</label>
            {input('vpa', {
              autoComplete: 'off',
              autoCapitalize: 'none',
              spellCheck: false,
              maxLength: 320,
              'aria-describedby': describedBy('vpa', true),
            })}
            {hint('vpa', texts.upiHint)}
            {error('vpa')}
          </>
        )}

        {form.kind === 'ewallet' && (
          <>
            <label htmlFor={`${id}-phone`}>{texts.walletPhone}</label>
            {input('phone', {
              type: 'tel',
              inputMode: 'tel',
              autoComplete: 'off',
              maxLength: 20,
              'aria-describedby': describedBy('phone', true),
            })}
            {hint('phone', texts.walletPhoneHint)}
            {error('phone')}
          </>
        )}

        {overview.changeNeedsCode && (
          <>
            <SmsCodeField
              id={`${id}-smsCode`}
              label={texts.changeCode}
              value={form.smsCode}
              maxLength={6}
              onChange={(typed) => set('smsCode', limitSmsCode(typed))}
              countdown={countdown}
              countdownText={texts.resendIn}
              getCodeText={texts.getCode}
              onGetCode={onGetCode}
              sending={sendCode.isPending}
            />
            <p className={styles.hint}>{interpolate(texts.changeCodeHint, { last4: overview.phoneLast4 })}</p>
          </>
        )}

        {/* the bank's answer, or a refusal, read out where the borrower is looking */}
        <div role="alert" className={styles.outcome}>
          {refusal && <p className={styles.error}>{refusal}</p>}
          {result && !result.usable && result.reason && <p className={styles.error}>{result.reason}</p>}
          {result?.usable && !confirmHref && <p className={styles.saved}>{texts.saved}</p>}
        </div>

        <button type="submit" className="button button-primary button-block" disabled={save.isPending}>
          {texts.save}
        </button>
      </form>
    </>
  );
}
