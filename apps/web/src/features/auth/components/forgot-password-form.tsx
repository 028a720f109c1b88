import { signUpRequestSchema } from '@askwell/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Button, ButtonLink } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { authApi } from '@/lib/auth';

import { FormAlert } from './form-alert';

const forgotPasswordSchema = signUpRequestSchema.pick({ email: true });

export const resetLinkSentMessage =
  'If an account exists for that email, we sent a link to reset the password. It works for 1 hour.';

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await authApi.requestPasswordReset(email);
    } catch (error) {
      // Throttling and outages are worth saying; whether the address has an account never is.
      if (
        error instanceof ApiError &&
        (error.status === 429 || error.status === 0 || error.status >= 500)
      ) {
        setFormError(error.message);
        return;
      }
    }
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <div className="space-y-6 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-100 text-green-700">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <p role="status" className="text-base leading-7 text-slate-700">
          {resetLinkSentMessage}
        </p>
        <ButtonLink to={paths.login} variant="secondary" className="w-full">
          Back to sign in
        </ButtonLink>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <FormAlert>{formError}</FormAlert>}
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
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
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner className="size-4" />}
        {isSubmitting ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}
