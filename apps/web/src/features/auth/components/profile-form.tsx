import { updateProfileSchema, type Profile } from '@askwell/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';

import { useUpdateProfile } from '../api/update-profile';

const fieldNames = ['first_name', 'last_name'] as const;

export function ProfileForm({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name },
  });

  const onSubmit = handleSubmit((values) => {
    updateProfile.mutate(values, {
      onSuccess: (updated) => {
        reset({ first_name: updated.first_name, last_name: updated.last_name });
        toast.success('Profile updated', { id: 'profile-form' });
      },
      onError: (error) => {
        for (const field of fieldNames) {
          const message = error.fields[field];
          if (message) setError(field, { message });
        }
        toast.error(error.message || 'Failed to update profile', { id: 'profile-form' });
      },
    });
  });

  const pending = updateProfile.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <FormField id="profile-first-name" label="First name" error={errors.first_name?.message}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('first_name')}
              type="text"
              autoComplete="given-name"
              className={controlStyles(a11y['aria-invalid'])}
            />
          )}
        </FormField>
        <FormField id="profile-last-name" label="Last name" error={errors.last_name?.message}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('last_name')}
              type="text"
              autoComplete="family-name"
              className={controlStyles(a11y['aria-invalid'])}
            />
          )}
        </FormField>
      </div>
      <FormField
        id="profile-email"
        label="Email"
        hint="Your email is your sign-in name and cannot be changed here."
      >
        {(a11y) => (
          <input
            {...a11y}
            type="email"
            value={profile.email}
            readOnly
            className={controlStyles(false, 'bg-slate-50 text-slate-600')}
          />
        )}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending || !isDirty}>
          {pending && <Spinner className="size-4" />}
          {pending ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
