import {
  adminUserMessages,
  adminUserSuspendSchema,
  adminUserUpdateSchema,
  minPasswordLength,
  premiumGrantSchema,
  roleLabels,
  roles,
  type AdminUser,
  type Role,
  type SubscriptionTier,
} from '@askwell/shared';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';
import { FormField, controlStyles } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import type { ApiError } from '@/lib/api-client';
import { countOf, formatDate } from '@/lib/format';

import {
  useChangeRole,
  useChangeTier,
  useDeleteUser,
  useGrantPremium,
  useSuspendUser,
  useUnsuspendUser,
  useUpdateUser,
} from '../api/user-actions';

export function userName(user: AdminUser) {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
}

// The first message of each field zod refused, keyed like the server's `error.fields`.
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0])] ??= issue.message;
  return fields;
}

type FormDialogProps = {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  danger?: boolean;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
};

// A modal form: mounted while open, so each opening starts from the row's current values. The
// browser's <dialog> traps focus and closes on Escape; nothing closes it while a save is running.
function FormDialog({
  title,
  description,
  children,
  submitLabel,
  pendingLabel,
  pending,
  danger = false,
  submitDisabled = false,
  onSubmit,
  onClose,
}: FormDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current && !pending) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/50"
    >
      <form noValidate onSubmit={submit} className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && (
          <div className="mt-1.5 text-sm leading-6 break-words text-slate-600">{description}</div>
        )}
        {children && <div className="mt-5 space-y-4">{children}</div>}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            disabled={pending || submitDisabled}
          >
            {pending && <Spinner className="size-4" />}
            {pending ? pendingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

type DialogProps = { user: AdminUser; onClose: () => void };

// Spec §2 'Edit User Profile': email, first name, last name and an optional password.
export function EditUserDialog({ user, onClose }: DialogProps) {
  const update = useUpdateUser();
  const [values, setValues] = useState({
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    password: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field's message goes as soon as it is being corrected.
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const save = () => {
    const parsed = adminUserUpdateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(
      { id: user.id, ...values },
      {
        onSuccess: () => {
          toast.success(adminUserMessages.updated);
          onClose();
        },
        onError: (failure: ApiError) => {
          setErrors(failure.fields);
          toast.error(adminUserMessages.updateFailed);
        },
      },
    );
  };

  return (
    <FormDialog
      title="Edit User Profile"
      description={user.email}
      submitLabel="Save changes"
      pendingLabel="Saving..."
      pending={update.isPending}
      onSubmit={save}
      onClose={onClose}
    >
      <IdentityFields idPrefix="edit-user" values={values} errors={errors} set={set} />
      <TextField
        id="edit-user-password"
        label="New password (optional)"
        type="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        hint={`Leave blank to keep the current password. At least ${minPasswordLength} characters; setting one signs the user out everywhere.`}
        onChange={set('password')}
      />
    </FormDialog>
  );
}

type IdentityField = 'email' | 'first_name' | 'last_name';

// The e-mail and names of an account, as Add User and 'Edit User Profile' both ask for them.
export function IdentityFields({
  idPrefix,
  values,
  errors,
  set,
}: {
  idPrefix: string;
  values: Record<IdentityField, string>;
  errors: Record<string, string>;
  set: (field: IdentityField) => (value: string) => void;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        autoComplete="off"
        value={values.email}
        error={errors.email}
        onChange={set('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-first-name`}
          label="First name"
          value={values.first_name}
          error={errors.first_name}
          onChange={set('first_name')}
        />
        <TextField
          id={`${idPrefix}-last-name`}
          label="Last name"
          value={values.last_name}
          error={errors.last_name}
          onChange={set('last_name')}
        />
      </div>
    </>
  );
}

export function TextField({
  id,
  label,
  value,
  error,
  hint,
  type = 'text',
  autoComplete,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(a11y) => (
        <input
          {...a11y}
          type={type}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
          className={controlStyles(Boolean(error))}
        />
      )}
    </FormField>
  );
}

export function SuspendUserDialog({ user, onClose }: DialogProps) {
  const suspend = useSuspendUser();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  const save = () => {
    const parsed = adminUserSuspendSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    suspend.mutate(
      { id: user.id, reason },
      {
        onSuccess: () => {
          toast.success(`${user.email} is suspended`);
          onClose();
        },
        onError: (failure) => {
          setError(failure.fields.reason);
          toast.error(failure.message);
        },
      },
    );
  };

  return (
    <FormDialog
      title="Suspend user?"
      description={
        <>
          <strong className="font-semibold text-slate-900">{userName(user)}</strong> ({user.email})
          is signed out at once and cannot sign in until the suspension is lifted. Their chatbots
          keep answering.
        </>
      }
      submitLabel="Suspend"
      pendingLabel="Suspending..."
      pending={suspend.isPending}
      danger
      onSubmit={save}
      onClose={onClose}
    >
      <FormField id="suspend-reason" label="Reason" error={error} hint="Kept in the audit log.">
        {(a11y) => (
          <textarea
            {...a11y}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={controlStyles(Boolean(error), 'resize-y')}
          />
        )}
      </FormField>
    </FormDialog>
  );
}

export function UnsuspendUserDialog({ user, onClose }: DialogProps) {
  const unsuspend = useUnsuspendUser();
  const save = () =>
    unsuspend.mutate(user.id, {
      onSuccess: () => {
        toast.success(`${user.email} can sign in again`);
        onClose();
      },
      onError: (failure) => toast.error(failure.message),
    });

  return (
    <FormDialog
      title="Lift suspension?"
      description={
        <>
          {user.email} can sign in again at once.
          {user.suspended_reason && <> It was suspended for: {user.suspended_reason}</>}
        </>
      }
      submitLabel="Unsuspend"
      pendingLabel="Saving..."
      pending={unsuspend.isPending}
      onSubmit={save}
      onClose={onClose}
    />
  );
}

const tierOptions: { value: SubscriptionTier; label: string; hint: string }[] = [
  { value: 'free', label: 'Free', hint: 'The free plan and its limits.' },
  { value: 'premium', label: 'Premium', hint: 'Every Premium feature, at once.' },
];

export function ChangeTierDialog({ user, onClose }: DialogProps) {
  const changeTier = useChangeTier();
  const [tier, setTier] = useState<SubscriptionTier>(user.subscription_tier);

  const save = () =>
    changeTier.mutate(
      { id: user.id, tier },
      {
        onSuccess: () => {
          toast.success(`${user.email} is now on ${tier === 'premium' ? 'Premium' : 'Free'}`);
          onClose();
        },
        onError: (failure) => toast.error(failure.message),
      },
    );

  return (
    <FormDialog
      title="Change subscription"
      description={user.email}
      submitLabel="Save tier"
      pendingLabel="Saving..."
      pending={changeTier.isPending}
      submitDisabled={tier === user.subscription_tier}
      onSubmit={save}
      onClose={onClose}
    >
      <fieldset>
        <legend className="sr-only">Subscription tier</legend>
        <div className="space-y-2">
          {tierOptions.map((option) => (
            <label
              key={option.value}
              className={clsx(
                'flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-inset',
                tier === option.value ? 'bg-brand-50 ring-brand-300' : 'ring-slate-200',
              )}
            >
              <input
                type="radio"
                name="tier"
                value={option.value}
                checked={tier === option.value}
                onChange={() => setTier(option.value)}
                className="mt-0.5 size-4 accent-brand-800"
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{option.label}</span>
                <span className="block text-sm text-slate-600">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}

const grantMonths = [1, 3, 6, 12, 24] as const;

function monthsFromNow(months: number) {
  const until = new Date();
  until.setUTCMonth(until.getUTCMonth() + months);
  return until;
}

export function GrantPremiumDialog({ user, onClose }: DialogProps) {
  const grant = useGrantPremium();
  const [months, setMonths] = useState(1);
  const [error, setError] = useState<string>();

  const save = () => {
    const parsed = premiumGrantSchema.safeParse({ months });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    grant.mutate(
      { id: user.id, months },
      {
        onSuccess: (state) => {
          const until = state.subscription?.current_period_end ?? monthsFromNow(months);
          toast.success(`${user.email} has Premium until ${formatDate(until)}`);
          onClose();
        },
        onError: (failure) => {
          setError(failure.fields.months);
          toast.error(failure.message);
        },
      },
    );
  };

  return (
    <FormDialog
      title="Grant Premium"
      description={
        <>
          {user.email} gets every Premium feature at once, without paying, until the period ends;
          then the account returns to its own plan. The grant is kept in the audit log.
        </>
      }
      submitLabel="Grant Premium"
      pendingLabel="Granting..."
      pending={grant.isPending}
      onSubmit={save}
      onClose={onClose}
    >
      <FormField
        id="grant-premium-months"
        label="Duration"
        error={error}
        hint={`Until ${formatDate(monthsFromNow(months))}.`}
      >
        {(a11y) => (
          <select
            {...a11y}
            value={months}
            onChange={(event) => {
              setMonths(Number(event.target.value));
              setError(undefined);
            }}
            className={controlStyles(Boolean(error))}
          >
            {grantMonths.map((value) => (
              <option key={value} value={value}>
                {value === 1 ? '1 month' : `${value} months`}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </FormDialog>
  );
}

export function ChangeRoleDialog({ user, onClose }: DialogProps) {
  const changeRole = useChangeRole();
  const [role, setRole] = useState<Role>(user.role);

  const save = () =>
    changeRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => {
          toast.success(`${user.email} is now ${roleLabels[role]}`);
          onClose();
        },
        onError: (failure) => toast.error(failure.message),
      },
    );

  return (
    <FormDialog
      title="Change role"
      description={
        <>
          {user.email}. Staff roles open the back office; the change applies on their next request.
        </>
      }
      submitLabel="Save role"
      pendingLabel="Saving..."
      pending={changeRole.isPending}
      submitDisabled={role === user.role}
      onSubmit={save}
      onClose={onClose}
    >
      <FormField id="change-role" label="Role">
        {(a11y) => (
          <select
            {...a11y}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            className={controlStyles(false)}
          >
            {roles.map((value) => (
              <option key={value} value={value}>
                {roleLabels[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </FormDialog>
  );
}

// Deleting cannot be undone, so the address must be typed, as the server also checks.
export function DeleteUserDialog({ user, onClose }: DialogProps) {
  const remove = useDeleteUser();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();

  const save = () =>
    remove.mutate(
      { id: user.id, confirmEmail: typed },
      {
        onSuccess: ({ removed }) => {
          toast.success(
            `Deleted ${user.email} with ${countOf(removed.bots, 'chatbot')} and ${countOf(removed.conversations, 'conversation')}`,
          );
          onClose();
        },
        onError: (failure) => {
          setError(failure.fields.confirm_email);
          toast.error(failure.message);
        },
      },
    );

  return (
    <FormDialog
      title="Delete user?"
      description={
        <>
          This deletes <strong className="font-semibold text-slate-900">{user.email}</strong> with{' '}
          {countOf(user.bot_count, 'chatbot')} and every document, conversation and lead of the
          account. It cannot be undone.
        </>
      }
      submitLabel="Delete user"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      danger
      submitDisabled={!matches}
      onSubmit={save}
      onClose={onClose}
    >
      <TextField
        id="delete-user-confirm"
        label="Type the account's e-mail address to confirm"
        autoComplete="off"
        value={typed}
        error={error}
        onChange={setTyped}
      />
    </FormDialog>
  );
}
