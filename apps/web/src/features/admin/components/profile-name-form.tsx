import { roleLabels, updateProfileSchema, type Profile } from '@askwell/shared';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';

import { useUpdateOwnProfile } from '../api/update-profile';
import { AdminPanel } from './admin-panel';

type FieldErrors = { first_name?: string; last_name?: string };

export function ProfileNameForm({ profile }: { profile: Profile }) {
  const [firstName, setFirstName] = useState(profile.first_name);
  const [lastName, setLastName] = useState(profile.last_name);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateOwnProfile();
  const unchanged =
    firstName.trim() === profile.first_name && lastName.trim() === profile.last_name;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateProfileSchema.safeParse({ first_name: firstName, last_name: lastName });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (updated) => {
        setFirstName(updated.first_name);
        setLastName(updated.last_name);
        toast.success('Profile updated');
      },
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <AdminPanel title="Personal details" description="Your name as other staff see it.">
      <form noValidate onSubmit={onSubmit} className="space-y-5 px-5 py-5 sm:px-6">
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField id="profile-first-name" label="First name" error={errors.first_name}>
            {(a11y) => (
              <input
                {...a11y}
                autoComplete="given-name"
                value={firstName}
                onChange={(event) => setFirstName(event.target.value)}
                className={controlStyles(Boolean(errors.first_name))}
              />
            )}
          </FormField>
          <FormField id="profile-last-name" label="Last name" error={errors.last_name}>
            {(a11y) => (
              <input
                {...a11y}
                autoComplete="family-name"
                value={lastName}
                onChange={(event) => setLastName(event.target.value)}
                className={controlStyles(Boolean(errors.last_name))}
              />
            )}
          </FormField>
        </div>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField id="profile-email" label="Email" hint="Ask a super admin to change it.">
            {(a11y) => (
              <input
                {...a11y}
                type="email"
                value={profile.email}
                readOnly
                className={controlStyles(false, 'bg-slate-50 text-slate-700')}
              />
            )}
          </FormField>
          <FormField id="profile-role" label="Role">
            {(a11y) => (
              <input
                {...a11y}
                value={roleLabels[profile.role]}
                readOnly
                className={controlStyles(false, 'bg-slate-50 text-slate-700')}
              />
            )}
          </FormField>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending || unchanged}>
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
    </AdminPanel>
  );
}
