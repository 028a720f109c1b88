import { adminUserCreateSchema, type SubscriptionTier } from '@askwell/shared';
import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';

import { Button, ButtonLink } from '@/components/ui/button';
import { FormField, controlStyles } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';

import { useCreateUser } from '../api/user-actions';
import { AdminPanel } from './admin-panel';
import { IdentityFields } from './user-dialogs';

export function AddUserForm() {
  const create = useCreateUser();
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', first_name: '', last_name: '' });
  const [tier, setTier] = useState<SubscriptionTier>('free');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field's message goes as soon as it is being corrected.
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, tier };
    const parsed = adminUserCreateSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: (user) => {
        toast.success(`Account created. We emailed ${user.email} a link to set a password.`);
        void navigate(`/admin/users?search=${encodeURIComponent(user.email)}`);
      },
      onError: (failure) => {
        setErrors(failure.fields);
        toast.error(failure.message);
      },
    });
  };

  return (
    <AdminPanel title="New customer account" className="max-w-2xl">
      <form aria-label="Add User" noValidate onSubmit={submit} className="space-y-5 p-5 sm:p-6">
        <IdentityFields idPrefix="add-user" values={values} errors={errors} set={set} />
        <FormField id="add-user-tier" label="Subscription" error={errors.tier}>
          {(a11y) => (
            <select
              {...a11y}
              value={tier}
              onChange={(event) => setTier(event.target.value as SubscriptionTier)}
              className={controlStyles(Boolean(errors.tier), 'sm:max-w-xs')}
            >
              <option value="free">Free</option>
              <option value="premium">Premium</option>
            </select>
          )}
        </FormField>
        <p className="text-sm text-slate-600">
          The account is verified at once. The person chooses their own password from the link in
          the email; until then nobody can sign in to it.
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink to="/admin/users" variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <UserPlus className="size-4" aria-hidden="true" />
            )}
            {create.isPending ? 'Creating...' : 'Create user'}
          </Button>
        </div>
      </form>
    </AdminPanel>
  );
}
