import { minPasswordLength } from '@askwell/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Button, ButtonLink } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { authApi, profileQueryKey } from '@/lib/auth';

import { FormAlert } from './form-alert';
import { PasswordInput } from './password-input';

type ResetValues = { password: string; confirmPassword: string };

export const passwordResetMessage = 'Your password has been reset. Sign in with your new password.';
const invalidLinkMessage =
  'This reset link is invalid or has expired. Reset links work for 1 hour and only once.';

export function InvalidResetLink() {
  return (
    <div className="space-y-6 text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <LinkIcon className="size-6" aria-hidden="true" />
      </span>
      <p role="alert" className="text-base leading-7 text-slate-700">
        {invalidLinkMessage}
      </p>
      <ButtonLink to="/forgot-password" className="w-full">
        Request a new link
      </ButtonLink>
    </div>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await authApi.resetPassword(token, password);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_token') {
        setState('invalid');
        return;
      }
      setFormError(
        error instanceof ApiError
          ? error.message
          : 'Failed to reset the password. Please try again.',
      );
      return;
    }
    // Every session of the account ended with the reset, this tab's included.
    queryClient.setQueryData(profileQueryKey, null);
    setState('done');
  });

  if (state === 'invalid') return <InvalidResetLink />;

  if (state === 'done') {
    return (
      <div className="space-y-6 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CircleCheck className="size-6" aria-hidden="true" />
        </span>
        <p role="status" className="text-base leading-7 text-slate-700">
          {passwordResetMessage}
        </p>
        <ButtonLink to={paths.login} className="w-full">
          Sign in
        </ButtonLink>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <FormAlert>{formError}</FormAlert>}
      <FormField
        id="reset-password"
        label="New password"
        hint="Must be at least 8 characters long"
        error={errors.password?.message}
      >
        {(a11y) => (
          <PasswordInput
            {...a11y}
            {...register('password', {
              required: 'Please enter a new password.',
              minLength: {
                value: minPasswordLength,
                message: `Password must be at least ${minPasswordLength} characters long.`,
              },
            })}
            autoComplete="new-password"
          />
        )}
      </FormField>
      <FormField
        id="reset-confirm-password"
        label="Confirm new password"
        error={errors.confirmPassword?.message}
      >
        {(a11y) => (
          <PasswordInput
            {...a11y}
            {...register('confirmPassword', {
              required: 'Please enter the new password again.',
              validate: (value, values) => value === values.password || 'Passwords do not match.',
            })}
            autoComplete="new-password"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner className="size-4" />}
        {isSubmitting ? 'Saving...' : 'Reset password'}
      </Button>
    </form>
  );
}
