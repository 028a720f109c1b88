import { minPasswordLength } from '@askwell/shared';
import { CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';

import { useChangePassword } from '../api/change-password';
import { AdminPanel } from './admin-panel';

type Fields = 'current' | 'next' | 'confirm';
type Errors = Partial<Record<Fields | 'form', string>>;

function validate(current: string, next: string, confirm: string): Errors {
  const errors: Errors = {};
  if (!current) errors.current = 'Please enter your current password.';
  if (!next) errors.next = 'Please enter a new password.';
  else if (next.length < minPasswordLength)
    errors.next = `Password must be at least ${minPasswordLength} characters long.`;
  else if (next === current) errors.next = 'Choose a password different from the current one.';
  if (!errors.next && confirm !== next) errors.confirm = 'The two passwords do not match.';
  return errors;
}

function serverMessage(error: unknown): Errors {
  if (error instanceof ApiError && error.code === 'invalid_password') {
    return { current: 'Your current password is incorrect.' };
  }
  if (error instanceof ApiError && error.fields.newPassword) {
    return { next: error.fields.newPassword };
  }
  return { form: error instanceof Error ? error.message : 'The password could not be changed.' };
}

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const change = useChangePassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    const found = validate(current, next, confirm);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          setDone(true);
          toast.success('Password changed');
        },
        onError: (error) => {
          setCurrent('');
          setErrors(serverMessage(error));
        },
      },
    );
  };

  const field = (
    id: Fields,
    label: string,
    value: string,
    onChange: (value: string) => void,
    autoComplete: string,
    hint?: string,
  ) => (
    <FormField id={`password-${id}`} label={label} error={errors[id]} hint={hint}>
      {(a11y) => (
        <input
          {...a11y}
          type="password"
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={controlStyles(Boolean(errors[id]))}
        />
      )}
    </FormField>
  );

  return (
    <AdminPanel title="Password" description="Changing it signs you out on every other device.">
      <form noValidate onSubmit={onSubmit} className="space-y-5 px-5 py-5 sm:px-6">
        {errors.form && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
          >
            {errors.form}
          </p>
        )}
        {done && (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg bg-green-50 px-4 py-3 text-sm font-medium text-green-800 ring-1 ring-green-200"
          >
            <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
            Your password was changed. Other sessions were signed out.
          </p>
        )}
        {field('current', 'Current password', current, setCurrent, 'current-password')}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {field(
            'next',
            'New password',
            next,
            setNext,
            'new-password',
            `At least ${minPasswordLength} characters.`,
          )}
          {field('confirm', 'Confirm new password', confirm, setConfirm, 'new-password')}
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </AdminPanel>
  );
}
