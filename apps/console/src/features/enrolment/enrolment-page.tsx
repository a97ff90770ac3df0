/**
 * The one-time enrolment link (decision 155): the operator it was made for sets their own password
 * and adds the TOTP secret to their authenticator app, proving it with a code. No admin sees either.
 */
import { OperatorPasswordMin, operatorPasswordProblem } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { ErrorLine } from '@/shared/ui';
import { useEnrol, useEnrolment } from './api/enrol';

// the token rides in the fragment: never sent to the server in the address, so never in a log or a Referer
const tokenOfPage = () => window.location.hash.replace(/^#/, '');

export const EnrolmentPage = () => {
  const [token] = useState(tokenOfPage);
  const enrolment = useEnrolment(token);
  const enrol = useEnrol();
  const [mismatch, setMismatch] = useState(false);
  const [weak, setWeak] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    // the server holds the password to the same rule (decision 278); the page says it before the round trip
    const problem = operatorPasswordProblem(password, enrolment.data?.email);
    setWeak(problem);
    setMismatch(password !== String(form.get('confirm')));
    if (problem || password !== String(form.get('confirm'))) return;
    enrol.mutate({ token, password, code: String(form.get('code')) });
  };

  return (
    <main className="sign-in">
      <h1>Kilat console: set up your account</h1>
      {token === '' && <p className="error">This page needs the link an admin gave you.</p>}
      <ErrorLine error={enrolment.error} />
      {enrol.isSuccess ? (
        <p role="status">
          Your password and authenticator are set. <a href="/console/">Sign in</a>.
        </p>
      ) : (
        enrolment.data && (
          <form onSubmit={submit} className="stack" aria-label="Set up your account">
            <p>
              {enrolment.data.name} · {enrolment.data.email}
            </p>
            <p>Scan this code with your authenticator app (Google Authenticator, 1Password, …):</p>
            <img
              className="totp-qr"
              src={enrolment.data.otpauthQr}
              alt={`QR code of your authenticator secret for ${enrolment.data.email}`}
              width={200}
              height={200}
            />
            <p>
              Or type this secret into it: <code className="secret">{enrolment.data.totpSecret}</code>
            </p>
            <p className="muted">
              Or open <code className="secret">{enrolment.data.otpauthUri}</code>
            </p>
            <label>
              New password ({OperatorPasswordMin} characters or more, not one character repeated nor a common password)
              <input name="password" type="password" minLength={OperatorPasswordMin} maxLength={200} autoComplete="new-password" required />
            </label>
            <label>
              The password again
              <input name="confirm" type="password" autoComplete="new-password" required />
            </label>
            {weak && (
              <p className="error" role="alert">
                {weak}
              </p>
            )}
            {mismatch && (
              <p className="error" role="alert">
                The two passwords differ.
              </p>
            )}
            <label>
              Code from your authenticator app
              <input name="code" inputMode="numeric" pattern="\d{6}" maxLength={6} autoComplete="one-time-code" required />
            </label>
            <ErrorLine error={enrol.error} />
            <button type="submit" disabled={enrol.isPending}>
              {enrol.isPending ? 'Saving…' : 'Set up my account'}
            </button>
          </form>
        )
      )}
    </main>
  );
};
