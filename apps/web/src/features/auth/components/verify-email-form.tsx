import { authMessages } from '@askwell/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useLocation, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { authApi, profileQueryKey } from '@/lib/auth';

import { FormAlert } from './form-alert';

type VerifyValues = { email: string; code: string };

// Every toast of this flow shares one id, so the success replaces a failure still on screen
// instead of following the user to the dashboard.
const flowToast = { id: 'verify-email' };

function messageOf(error: unknown) {
  return error instanceof ApiError && error.message ? error.message : null;
}

export function VerifyEmailForm() {
  const [params] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const emailFromLink = params.get('email')?.trim() ?? '';
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [resendState, setResendState] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [resending, setResending] = useState(false);

  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<VerifyValues>({ defaultValues: { email: emailFromLink, code: '' } });

  const onSubmit = handleSubmit(async ({ email, code }) => {
    setVerifyError(null);
    try {
      await authApi.verifyEmail(email.trim(), code);
    } catch (error) {
      toast.error(authMessages.codeVerifyFailed, flowToast);
      setVerifyError(messageOf(error) ?? authMessages.invalidCode);
      return;
    }
    toast.success(authMessages.codeVerified, flowToast);
    // The verified account is now signed in; the page leaves once the profile arrives.
    await queryClient.invalidateQueries({ queryKey: profileQueryKey, refetchType: 'all' });
  });

  const resend = async () => {
    if (!(await trigger('email'))) return;
    setResending(true);
    setResendState(undefined);
    try {
      await authApi.sendVerificationCode(getValues('email').trim());
      toast.success(authMessages.codeSent, flowToast);
      setResendState({ tone: 'success', text: 'We sent a new code. It works for 10 minutes.' });
    } catch (error) {
      const reason = messageOf(error);
      toast.error(
        reason ? `${authMessages.codeSendFailed}. ${reason}` : authMessages.codeSendFailed,
        flowToast,
      );
      setResendState({ tone: 'error', text: reason ?? authMessages.codeSendFailed });
    } finally {
      setResending(false);
    }
  };

  const codeField = register('code', {
    required: 'Please enter the 6-digit code.',
    pattern: { value: /^\d{6}$/, message: 'The code has 6 digits.' },
  });

  return (
    <div className="space-y-6">
      {notice && <FormAlert tone="info">{notice}</FormAlert>}
      {verifyError && <FormAlert>{verifyError}</FormAlert>}
      {resendState && <FormAlert tone={resendState.tone}>{resendState.text}</FormAlert>}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {!emailFromLink && (
          <FormField id="verify-email" label="Email" error={errors.email?.message}>
            {(a11y) => (
              <input
                {...a11y}
                {...register('email', {
                  required: 'Please enter your email.',
                  pattern: {
                    value: /^\S+@\S+\.\S+$/,
                    message: 'Please enter a valid email address.',
                  },
                })}
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@company.com"
                className={controlStyles(a11y['aria-invalid'])}
              />
            )}
          </FormField>
        )}
        <FormField
          id="verify-code"
          label="Verification code"
          hint="Enter the 6-digit code from the email. It works for 10 minutes."
          error={errors.code?.message}
        >
          {(a11y) => (
            <input
              {...a11y}
              {...codeField}
              onChange={(event) => {
                // Pasted codes often carry spaces or dashes; only the digits matter.
                const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
                setValue('code', digits, { shouldValidate: Boolean(errors.code) });
                event.target.value = digits;
              }}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              className={controlStyles(
                a11y['aria-invalid'],
                'text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl',
              )}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          {isSubmitting ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <p className="text-center text-sm text-slate-600">
        Didn&apos;t get the email? Check your spam folder or{' '}
        <button
          type="button"
          onClick={resend}
          disabled={resending}
          className="rounded font-semibold text-brand-800 hover:text-brand-950 hover:underline disabled:opacity-60"
        >
          {resending ? 'Sending...' : 'Resend code'}
        </button>
      </p>
    </div>
  );
}
