import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Eye, EyeOff, LogIn } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { profileQueryKey } from '@/lib/auth';

import { twoFactorApi, type TotpEnrolment } from '../api/site-settings';
import { adminSignIn, finishAdminSignIn, type AdminSignInResult } from '../lib/admin-sign-in';
import { TotpSetup, TotpSignInStep } from './two-factor';

type Step =
  { kind: 'password' } | { kind: 'code' } | { kind: 'setup'; enrolment: TotpEnrolment | null };

export function AdminLoginForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const location = useLocation();
  // Back from a Google sign-in the server refused (auth.routes.ts): this account has TOTP.
  const [error, setError] = useState<string | null>(() =>
    new URLSearchParams(location.search).get('error') === 'two_factor_google'
      ? 'This account uses two-factor authentication: sign in with your password and a code.'
      : null,
  );
  const [submitting, setSubmitting] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const passwordRef = useRef<HTMLInputElement>(null);
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;

  // Arriving from the admin menu's Sign out: nothing of that session may stay in memory.
  useEffect(() => {
    if (!signedOut) return;
    queryClient.setQueryData(profileQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
  }, [signedOut, queryClient]);

  const backToPassword = (message: string) => {
    setStep({ kind: 'password' });
    setPassword('');
    setError(message);
    queryClient.setQueryData(profileQueryKey, null);
  };

  // Settings require two-factor and this account has none: the set-up starts with the password
  // just typed, and the session opens once the first code is confirmed.
  const startSetup = async () => {
    setStep({ kind: 'setup', enrolment: null });
    try {
      setStep({ kind: 'setup', enrolment: await twoFactorApi.enable(password) });
    } catch (failure) {
      backToPassword(
        failure instanceof Error ? failure.message : 'Two-factor set-up could not start.',
      );
    }
  };

  const finish = async (result: AdminSignInResult) => {
    if (!result.ok) {
      if ('twoFactor' in result) {
        if (result.twoFactor === 'code') setStep({ kind: 'code' });
        else await startSetup();
        return;
      }
      backToPassword(result.message);
      return;
    }
    setPassword('');
    queryClient.setQueryData(profileQueryKey, result.profile);
    await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    await navigate(paths.admin, { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    setSubmitting(true);
    const result = await adminSignIn(email, password);
    setSubmitting(false);
    if (!result.ok && 'twoFactor' in result) {
      await finish(result);
      return;
    }
    if (!result.ok) {
      // Spec §5: the password field is cleared after any error.
      setPassword('');
      setError(result.message);
      queryClient.setQueryData(profileQueryKey, null);
      passwordRef.current?.focus();
      return;
    }
    queryClient.setQueryData(profileQueryKey, result.profile);
    await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    await navigate(paths.admin, { replace: true });
  };

  if (step.kind === 'code') {
    return (
      <section aria-labelledby="two-factor-title" className="space-y-4">
        <h2 id="two-factor-title" className="text-lg font-semibold text-slate-900">
          Two-factor authentication
        </h2>
        <p className="text-sm text-slate-600">
          Enter the 6-digit code from your authenticator app, or one of your backup codes.
        </p>
        <TotpSignInStep onVerified={async () => finish(await finishAdminSignIn())} />
      </section>
    );
  }

  if (step.kind === 'setup') {
    return (
      <section aria-labelledby="two-factor-title" className="space-y-4">
        <h2 id="two-factor-title" className="text-lg font-semibold text-slate-900">
          Set up two-factor authentication
        </h2>
        <p className="text-sm text-slate-600">
          Staff accounts need a code from an authenticator app at every sign-in.
        </p>
        {step.enrolment ? (
          <TotpSetup
            enrolment={step.enrolment}
            onConfirmed={() => void finishAdminSignIn().then(finish)}
          />
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Loading...
          </p>
        )}
      </section>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-describedby="admin-login-error">
      <div id="admin-login-error" aria-live="assertive">
        {error && (
          <div
            role="alert"
            className="flex items-start gap-2.5 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
            <span>{error}</span>
          </div>
        )}
      </div>
      <FormField id="admin-email" label="Email">
        {(a11y) => (
          <input
            {...a11y}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="you@company.com"
            className={controlStyles(false)}
          />
        )}
      </FormField>
      <FormField id="admin-password" label="Password">
        {(a11y) => (
          <div className="relative">
            <input
              {...a11y}
              ref={passwordRef}
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className={controlStyles(false, 'pr-11')}
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-pressed={showPassword}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="sr-only">Show password</span>
              {showPassword ? (
                <EyeOff className="size-4" aria-hidden="true" />
              ) : (
                <Eye className="size-4" aria-hidden="true" />
              )}
            </button>
          </div>
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? (
          <Spinner className="size-4" />
        ) : (
          <LogIn className="size-4" aria-hidden="true" />
        )}
        {submitting ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
