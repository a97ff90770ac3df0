import { type IdentityInput, IdentityProblemField, identityProblems, interpolate, type Market } from '@kilat/contract';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ApiError, type CallData } from '@/shared/http/api-client';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { loanConfirmHref } from '@/shared/loan-choice';
import { Paths } from '@/shared/paths';
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
  // what the borrower typed and chose, kept here: a failed check or UIDAI's code step never empties the form (issue 48)
  const [draft, setDraft] = useState<Draft>(() => ({
    form: { name: identity.name || identity.applicantName, birthDate: identity.birthDate, pan: '', aadhaar: '', nik: '', consent: false },
    selfie: null,
    ktp: null,
  }));
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
    return <OtpForm texts={texts} identity={identity} draft={draft} onRestart={() => setRestarted(true)} />;
  }
  return <IdentityForm texts={texts} identity={identity} draft={draft} onDraft={setDraft} onSent={() => setRestarted(false)} />;
}

/** The fields, the selfie and the KTP photo as the borrower left them. */
interface Draft {
  form: FormState;
  selfie: File | null;
  ktp: File | null;
}

const typedOf = (market: Market, form: FormState): IdentityInput =>
  market === 'IN'
    ? { name: form.name, birthDate: form.birthDate, pan: form.pan, aadhaar: form.aadhaar }
    : { name: form.name, birthDate: form.birthDate, nik: form.nik };

/** The multipart body of a submit: the typed fields, the consent, the photos. */
const bodyOf = (market: Market, draft: Draft, selfie: File): FormData => {
  const body = new FormData();
  for (const [name, value] of Object.entries(typedOf(market, draft.form))) body.append(name, value ?? '');
  body.append('consent', 'yes');
  if (draft.ktp) body.append('document', draft.ktp, draft.ktp.name);
  body.append('selfie', selfie, selfie.name);
  return body;
};

/** Seconds left of the server's countdown, ticking down each second; `restart` takes what a new answer says. */
const useSecondsLeft = (fromServer: number): [number, (seconds: number) => void] => {
  const [left, setLeft] = useState(fromServer);
  useEffect(() => setLeft(fromServer), [fromServer]);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
};

/** A local photo shown back to the borrower, so they see what they chose rather than a file name (issue 48). */
function PhotoPreview({ file, alt }: { file: File | null; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url ? <img className={styles.preview} src={url} alt={alt} /> : null;
}

function OtpForm({ texts, identity, draft, onRestart }: { texts: IdentityTexts; identity: Identity; draft: Draft; onRestart: () => void }) {
  const t = useT();
  const market = useMarket();
  const id = useId();
  const [otp, setOtp] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = useSubmitAadhaarOtp();
  const resend = useSubmitIdentity();
  // the server counts down from the code it sent; the button waits as long (issue 48)
  const [resendIn, restartCountdown] = useSecondsLeft(identity.otpResendInSeconds);
  const onResend = () => {
    setRefusal(null);
    // the Aadhaar number is never kept by Kilat: without the form's own (a reloaded page) it is typed again
    if (!draft.selfie || !draft.form.aadhaar) return onRestart();
    if (resend.isRunning()) return;
    resend.mutate(bodyOf(market, draft, draft.selfie), {
      onSuccess: (sent) => {
        setOtp('');
        // a new code: its countdown starts again, even when the server's figure reads as before
        restartCountdown(sent.otpResendInSeconds);
      },
      onError: (error) => setRefusal(error instanceof ApiError ? error.message : t('networkError')),
    });
  };
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
      <button type="button" className="button button-block" disabled={resendIn > 0 || resend.isPending} onClick={onResend}>
        {resendIn > 0 ? interpolate(texts.resendIn, { seconds: resendIn }) : texts.resend}
      </button>
      <button type="button" className="button button-block" onClick={onRestart}>
        {texts.startAgain}
      </button>
    </form>
  );
}

/** The form's fields in the order the page shows them: the first with a problem gets the focus. */
const fieldOrder: readonly Field[] = ['name', 'birthDate', 'pan', 'aadhaar', 'nik', 'document', 'selfie', 'consent'];

interface FormState {
  name: string;
  birthDate: string;
  pan: string;
  aadhaar: string;
  nik: string;
  consent: boolean;
}

function IdentityForm({
  texts,
  identity,
  draft,
  onDraft,
  onSent,
}: {
  texts: IdentityTexts;
  identity: Identity;
  draft: Draft;
  onDraft: (update: (draft: Draft) => Draft) => void;
  onSent: () => void;
}) {
  const t = useT();
  const market = useMarket();
  const id = useId();
  const { form, selfie, ktp } = draft;
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = useSubmitIdentity();

  const clearProblem = (field: Field) =>
    setProblems((current) => {
      const { [field]: _, ...rest } = current;
      return rest;
    });
  const set = <K extends keyof FormState>(name: K, value: FormState[K]) => {
    onDraft((current) => ({ ...current, form: { ...current.form, [name]: value } }));
    clearProblem(name);
  };
  const setSelfie = (file: File | null) => onDraft((current) => ({ ...current, selfie: file }));
  const setKtp = (file: File | null) => onDraft((current) => ({ ...current, ktp: file }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    // every problem at once, each beside its field (issue 48); the first one gets the focus
    const found: Partial<Record<Field, string>> = {};
    for (const problem of identityProblems(market, typedOf(market, form), new Date())) found[IdentityProblemField[problem]] = t(problem);
    if (market === 'ID' && !ktp) found.document = t('identityDocumentMissing');
    if (!selfie) found.selfie = t('identitySelfieMissing');
    if (!form.consent) found.consent = t('identityConsentMissing');
    setProblems(found);
    const first = fieldOrder.find((field) => found[field] !== undefined);
    if (first || !selfie) {
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (submit.isRunning()) return;
    submit.mutate(bodyOf(market, draft, selfie), {
      onSuccess: onSent,
      onError: (error) => setRefusal(error instanceof ApiError ? error.message : t('networkError')),
    });
  };

  const errorId = (field: Field) => `${id}-${field}-error`;
  const describedBy = (field: Field, hint: boolean) =>
    [hint ? `${id}-${field}-hint` : '', problems[field] ? errorId(field) : ''].filter(Boolean).join(' ') || undefined;
  const error = (field: Field) =>
    problems[field] ? (
      <p id={errorId(field)} className={styles.error}>
        {problems[field]}
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
        aria-invalid={problems[field] !== undefined}
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
        aria-invalid={problems[field] !== undefined}
        aria-describedby={describedBy(field, true)}
        onChange={(event) => {
          choose(event.target.files?.[0] ?? null);
          clearProblem(field);
        }}
      />
      {hint(field, chosen ? interpolate(texts.chosen, { name: chosen.name }) : hintText)}
      <PhotoPreview file={chosen} alt={field === 'selfie' ? texts.selfiePreview : texts.documentPreview} />
      {error(field)}
    </>
  );

  return (
    <form className="form-card" onSubmit={onSubmit} noValidate>
      {identity.status === 'failed' && identity.reason && (
        <div className={styles.outcome}>
          <h2 className={styles.sectionTitle}>{texts.failed}</h2>
          <p className={styles.error}>{identity.reason}</p>
          <p>
            <Link href={Paths.customerService}>{texts.contactUs}</Link>
          </p>
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
        aria-invalid={problems.birthDate !== undefined}
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
          aria-invalid={problems.consent !== undefined}
          aria-describedby={problems.consent ? errorId('consent') : undefined}
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
