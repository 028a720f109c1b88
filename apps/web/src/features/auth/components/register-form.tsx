import { authMessages, registerSchema } from '@askwell/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { authApi, safeRedirect } from '@/lib/auth';

import { FormAlert } from './form-alert';
import { GoogleButton } from './google-button';
import { PasswordInput } from './password-input';
import { withRedirect } from './with-redirect';

const serverFields = ['name', 'email', 'password'] as const;
type ServerField = (typeof serverFields)[number];

export function RegisterForm() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(
    params.has('error') ? authMessages.googleSignUpFailed : null,
  );

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await authApi.signUp({ name: values.name, email: values.email, password: values.password });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFormError(authMessages.registerFailed);
        return;
      }
      // A field message that repeats the banner would only say the same thing twice.
      for (const field of serverFields) {
        const message = error.fields[field];
        if (message && message !== error.message) setError(field as ServerField, { message });
      }
      setFormError(error.message || authMessages.registerFailed);
      return;
    }
    toast.success(authMessages.codeSent);
    navigate(withRedirect(`/verify-email?email=${encodeURIComponent(values.email)}`, redirect));
  });

  const termsError = errors.acceptTerms?.message;

  return (
    <>
      {formError && (
        <div className="mb-6">
          <FormAlert>{formError}</FormAlert>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormField id="register-name" label="Full Name" error={errors.name?.message}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('name')}
              type="text"
              autoComplete="name"
              placeholder="Jane Cooper"
              className={controlStyles(a11y['aria-invalid'])}
            />
          )}
        </FormField>
        <FormField id="register-email" label="Email" error={errors.email?.message}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@company.com"
              className={controlStyles(a11y['aria-invalid'])}
            />
          )}
        </FormField>
        <FormField
          id="register-password"
          label="Password"
          hint="Must be at least 8 characters long"
          error={errors.password?.message}
        >
          {(a11y) => (
            <PasswordInput {...a11y} {...register('password')} autoComplete="new-password" />
          )}
        </FormField>
        <div>
          <div className="flex items-start gap-3">
            <input
              id="register-terms"
              type="checkbox"
              {...register('acceptTerms')}
              aria-invalid={Boolean(termsError)}
              aria-describedby={termsError ? 'register-terms-error' : undefined}
              className={clsx(
                'mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-800',
                termsError && 'outline-2 outline-red-500',
              )}
            />
            <label htmlFor="register-terms" className="text-sm leading-5 text-slate-700">
              I agree to the{' '}
              <Link
                to={paths.terms}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-brand-800 underline-offset-2 hover:underline"
              >
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link
                to={paths.privacy}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-brand-800 underline-offset-2 hover:underline"
              >
                Privacy Policy
              </Link>
            </label>
          </div>
          {termsError && (
            <p
              id="register-terms-error"
              className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-700"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{termsError}</span>
            </p>
          )}
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          {isSubmitting ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
      <GoogleButton
        label="Sign up with Google"
        callbackURL={safeRedirect(redirect, paths.dashboard)}
        errorCallbackURL={withRedirect('/register?error=google', redirect)}
        fallbackError={authMessages.googleSignUpFailed}
        onError={setFormError}
      />
    </>
  );
}
