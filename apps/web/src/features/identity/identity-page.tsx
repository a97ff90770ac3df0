import { checkIdentity, type IdentityInput, IdentityProblemField, interpolate } from '@kilat/contract';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ApiError, type CallData } from '@/shared/http/api-client';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { loanConfirmHref } from '@/shared/loan-choice';
import { pageParam } from '@/shared/query-context';
import { Page, QueryState } from '@/shared/ui';
import { useIdentity } from './api/get-identity';
import { useSubmitAadhaarOtp } from './api/submit-aadhaar-otp';
import { useSubmitIdentity } from './api/submit-identity';
import styles from './identity.module.css';
import { type IdentityTexts, identityTexts } from './texts';

type Identity = CallData<'identity'>;
type Field = keyof IdentityInput | 'selfie' | 'document' | 'consent';

/** Who the borrower is (issue 29): identity checked at the KYC provider, reached from loan confirm. */
export default function IdentityPage() {
  const texts = useContent(identityTexts);
  const identity = useIdentity();
  return (
    <Page title={texts.title} back>
      <QueryState query={identity} failed={texts.loadFailed}>
        {(data) => <IdentityView texts={texts} identity={data} onCheckAgain={() => void identity.refetch()} />}
      </QueryState>
    </Page>
  );
}

function IdentityView({ texts, identity, onCheckAgain }: { texts: IdentityTexts; identity: Identity; onCheckAgain: () => void }) {
  const [restarted, setRestarted] = useState(false);
  const productId = useMemo(() => pageParam('productId'), []);
  // back to loan confirm with the amount and term the borrower chose there (issue 48)
  const confirmHref = loanConfirmHref(productId);
  const id = useId();

  if (identity.status === 'verified') {
    return (
      <section className="panel" aria-labelledby={`${id}-verified`}>
        <h2 id={`${id}-verified`} className={styles.sectionTitle}>
          {texts.verified}
        </h2>
        <p className={styles.verified}>{interpolate(texts.verifiedAs, { name: identity.name, birthDate: identity.birthDate })}</p>
        {identity.documentKind && (
          <p className={styles.hint}>
            {interpolate(texts.documents[identity.documentKind], { last4: identity.numberLast4, aadhaar: identity.aadhaarLast4 ?? '' })}
          </p>
        )}
        {confirmHref && (
          <Link className={`button button-primary button-block ${styles.next}`} href={confirmHref}>
            {texts.continue}
          </Link>
        )}
      </section>
    );
  }
  if (identity.status === 'pending') {
    return (
      <section className="panel" aria-labelledby={`${id}-pending`}>
        <h2 id={`${id}-pending`} className={styles.sectionTitle}>
          {texts.pending}
        </h2>
        <p>{identity.reason}</p>
        <button type="button" className={`button button-block ${styles.next}`} onClick={onCheckAgain}>
          {texts.checkAgain}
        </button>
      </section>
    );
  }
  if (identity.status === 'awaiting_otp' && !restarted) {
    return <OtpForm texts={texts} identity={identity} onRestart={() => setRestarted(true)} />;
  }
  return <IdentityForm texts={texts} identity={identity} onSent={() => setRestarted(false)} />;
}

function OtpForm({ texts, identity, onRestart }: { texts: IdentityTexts; identity: Identity; onRestart: () => void }) {
  const t = useT();
  const id = useId();
  const [otp, setOtp] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = useSubmitAadhaarOtp();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!/^\d{6}$/.test(otp)) {
      setRefusal(t('identityOtpInvalid'));
      document.getElementById(`${id}-otp`)?.focus();
      return;
    }
    if (submit.isRunning()) return;
    submit.mutate({ otp }, { onError: (error) => setRefusal(error instanceof ApiError ? error.message : t('networkError')) });
  };
  return (
    <form className="form-card" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {texts.otpTitle}
      </h2>
      <p>{interpolate(texts.otpIntro, { last4: identity.aadhaarLast4 ?? '' })}</p>
      <label htmlFor={`${id}-otp`}>{texts.otp}</label>
      <input
        id={`${id}-otp`}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={otp}
        aria-invalid={refusal !== null}
        aria-describedby={refusal ? `${id}-otp-error` : undefined}
        onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      <div role="alert" className={styles.outcome}>
        {refusal && (
          <p id={`${id}-otp-error`} className={styles.error}>
            {refusal}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary button-block" disabled={submit.isPending}>
        {texts.otpSubmit}
      </button>
      <button type="button" className="button button-block" onClick={onRestart}>
        {texts.startAgain}
      </button>
    </form>
  );
}

interface FormState {
  name: string;
  birthDate: string;
  pan: string;
  aadhaar: string;
  nik: string;
  consent: boolean;
}

function IdentityForm({ texts, identity, onSent }: { texts: IdentityTexts; identity: Identity; onSent: () => void }) {
  const t = useT();
  const market = useMarket();
  const id = useId();
  const [form, setForm] = useState<FormState>(() => ({
    name: identity.status === 'failed' ? identity.name : identity.applicantName,
    birthDate: identity.birthDate,
    pan: '',
    aadhaar: '',
    nik: '',
    consent: false,
  }));
  const [selfie, setSelfie] = useState<File | null>(null);
  const [ktp, setKtp] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = useSubmitIdentity();

  const set = <K extends keyof FormState>(name: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    if (problem?.field === name) setProblem(null);
  };
  const refuse = (field: Field, message: string) => {
    setProblem({ field, message });
    document.getElementById(`${id}-${field}`)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const typed =
      market === 'IN'
        ? { name: form.name, birthDate: form.birthDate, pan: form.pan, aadhaar: form.aadhaar }
        : { name: form.name, birthDate: form.birthDate, nik: form.nik };
    const check = checkIdentity(market, typed, new Date());
    if (!check.ok) return refuse(IdentityProblemField[check.problem], t(check.problem));
    if (market === 'ID' && !ktp) return refuse('document', t('identityDocumentMissing'));
    if (!selfie) return refuse('selfie', t('identitySelfieMissing'));
    if (!form.consent) return refuse('consent', t('identityConsentMissing'));
    setProblem(null);
    if (submit.isRunning()) return;
    const body = new FormData();
    for (const [name, value] of Object.entries(typed)) body.append(name, value);
    body.append('consent', 'yes');
    if (ktp) body.append('document', ktp, ktp.name);
    body.append('selfie', selfie, selfie.name);
    submit.mutate(body, {
      onSuccess: onSent,
      onError: (error) => setRefusal(error instanceof ApiError ? error.message : t('networkError')),
    });
  };

  const errorId = (field: Field) => `${id}-${field}-error`;
  const describedBy = (field: Field, hint: boolean) =>
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
  const text = (field: 'name' | 'pan' | 'aadhaar' | 'nik', label: string, props: Record<string, unknown>, hintText?: string) => (
    <>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        name={field}
        value={form[field]}
        aria-invalid={problem?.field === field}
        aria-describedby={describedBy(field, hintText !== undefined)}
        onChange={(event) => set(field, event.target.value)}
        {...props}
      />
      {hintText !== undefined && hint(field, hintText)}
      {error(field)}
    </>
  );
  const photo = (
    field: 'selfie' | 'document',
    label: string,
    hintText: string,
    chosen: File | null,
    choose: (file: File | null) => void,
  ) => (
    <>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        className={styles.file}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture={field === 'selfie' ? 'user' : 'environment'}
        aria-invalid={problem?.field === field}
        aria-describedby={describedBy(field, true)}
        onChange={(event) => {
          choose(event.target.files?.[0] ?? null);
          if (problem?.field === field) setProblem(null);
        }}
      />
      {hint(field, chosen ? interpolate(texts.chosen, { name: chosen.name }) : hintText)}
      {error(field)}
    </>
  );

  return (
    <form className="form-card" onSubmit={onSubmit} noValidate>
      {identity.status === 'failed' && identity.reason && (
        <div className={styles.outcome}>
          <h2 className={styles.sectionTitle}>{texts.failed}</h2>
          <p className={styles.error}>{identity.reason}</p>
        </div>
      )}
      <p>{texts.intro}</p>
      {text('name', texts.name, { autoComplete: 'name', maxLength: 100 }, texts.nameHint)}

      <label htmlFor={`${id}-birthDate`}>{texts.birthDate}</label>
      <input
        id={`${id}-birthDate`}
        name="birthDate"
        type="date"
        value={form.birthDate}
        aria-invalid={problem?.field === 'birthDate'}
        aria-describedby={describedBy('birthDate', false)}
        onChange={(event) => set('birthDate', event.target.value)}
      />
      {error('birthDate')}

      {market === 'IN' ? (
        <>
          {text('pan', texts.pan, { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 12 }, texts.panHint)}
          {text('aadhaar', texts.aadhaar, { inputMode: 'numeric', autoComplete: 'off', maxLength: 14 }, texts.aadhaarHint)}
        </>
      ) : (
        <>
          {text('nik', texts.nik, { inputMode: 'numeric', autoComplete: 'off', maxLength: 19 }, texts.nikHint)}
          {photo('document', texts.document, texts.documentHint, ktp, setKtp)}
        </>
      )}
      {photo('selfie', texts.selfie, texts.selfieHint, selfie, setSelfie)}

      <div className={styles.consent}>
        <input
          id={`${id}-consent`}
          type="checkbox"
          checked={form.consent}
          aria-describedby={problem?.field === 'consent' ? errorId('consent') : undefined}
          onChange={(event) => set('consent', event.target.checked)}
        />
        <label htmlFor={`${id}-consent`}>{texts.consent[market]}</label>
      </div>
      {error('consent')}

      {/* the provider's answer, or a refusal, read out where the borrower is looking */}
      <div role="alert" className={styles.outcome}>
        {refusal && <p className={styles.error}>{refusal}</p>}
      </div>

      <button type="submit" className="button button-primary button-block" disabled={submit.isPending}>
        {texts.submit}
      </button>
    </form>
  );
}
