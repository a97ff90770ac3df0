/** Sign in: email, password and the 6-digit code of the operator's authenticator app. */
import { type FormEvent, useState } from 'react';
import { useSession } from '@/shared/session';
import { ErrorLine } from '@/shared/ui';

export const SignInPage = () => {
  const { signIn, endedMessage } = useSession();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await signIn({ email: String(form.get('email')), password: String(form.get('password')), code: String(form.get('code')) });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="sign-in">
      <h1>Kilat console</h1>
      {endedMessage && <p className="notice">{endedMessage}</p>}
      <form onSubmit={submit} className="stack">
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <label>
          Code from your authenticator app
          <input name="code" inputMode="numeric" pattern="\d{6}" maxLength={6} autoComplete="one-time-code" required />
        </label>
        <ErrorLine error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
};
