import { authMessages, signInSchema } from '@askwell/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { authApi, profileQueryKey, safeRedirect } from '@/lib/auth';

import { FormAlert } from './form-alert';
import { GoogleButton } from './google-button';
import { PasswordInput } from './password-input';
import { withRedirect } from './with-redirect';

export function LoginForm() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(
    params.has('error') ? authMessages.googleLoginFailed : null,
  );

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const email = values.email.trim();
    try {
      await authApi.signIn({ email, password: values.password });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_not_verified') {
        // The server has already mailed a fresh code for this account.
        toast.success(authMessages.codeSent);
        navigate(withRedirect(`/verify-email?email=${encodeURIComponent(email)}`, redirect), {
          state: { notice: authMessages.unverified },
        });
        return;
      }
      setFormError(
        error instanceof ApiError && error.message ? error.message : authMessages.loginFailed,
      );
      return;
    }
    await queryClient.invalidateQueries({ queryKey: profileQueryKey, refetchType: 'all' });
    if (!queryClient.getQueryData(profileQueryKey)) {
      setFormError(
        'You are signed in, but this browser did not keep the session. Please allow cookies for this site and try again.',
      );
    }
  });

  return (
    <>
      {formError && (
        <div className="mb-6">
          <FormAlert>{formError}</FormAlert>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormField id="login-email" label="Email" error={errors.email?.message}>
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
        <div>
          <FormField id="login-password" label="Password" error={errors.password?.message}>
            {(a11y) => (
              <PasswordInput {...a11y} {...register('password')} autoComplete="current-password" />
            )}
          </FormField>
          <div className="mt-2 text-right">
            <Link
              to="/forgot-password"
              className="rounded text-sm font-semibold text-brand-800 hover:text-brand-950 hover:underline"
            >
              Forgot password?
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          {isSubmitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <GoogleButton
        label="Sign in with Google"
        callbackURL={safeRedirect(redirect, paths.dashboard)}
        errorCallbackURL={withRedirect('/login?error=google', redirect)}
        fallbackError={authMessages.googleLoginFailed}
        onError={setFormError}
      />
    </>
  );
}
