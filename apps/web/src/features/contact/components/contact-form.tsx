import { contactRequestSchema, type ContactRequest } from '@askwell/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useHydrated } from '@/hooks/use-hydrated';

import { useSubmitContact } from '../api/submit-contact';

const fieldNames = [
  'name',
  'email',
  'company',
  'message',
] as const satisfies readonly (keyof ContactRequest)[];
type FieldName = (typeof fieldNames)[number];

function isFieldName(value: string): value is FieldName {
  return (fieldNames as readonly string[]).includes(value);
}

export function ContactForm() {
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { name: '', email: '', company: '', message: '' },
  });

  const submitContact = useSubmitContact({
    onSuccess: (response) => {
      setConfirmation(response.message);
      // The library's two seconds are too short to read a toast that sits beside the confirmation.
      toast.success('Your message has been sent.', { duration: 5000 });
    },
    onError: (error) => {
      const serverFields = Object.entries(error.fields).filter(([field]) => isFieldName(field));
      serverFields.forEach(([field, message]) => {
        setError(field as FieldName, { type: 'server', message });
      });
      const firstField = serverFields[0]?.[0];
      if (firstField) setFocus(firstField as FieldName);
      // Field errors explain themselves next to their inputs; anything else needs its own banner.
      setFormError(serverFields.length > 0 ? null : error.message);
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    submitContact.mutate(values);
  });

  const hydrated = useHydrated();

  if (confirmation) {
    return (
      <div role="status" className="flex flex-col items-center py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CircleCheck className="size-7" aria-hidden="true" />
        </span>
        <h2 className="mt-6 text-2xl font-bold text-slate-900">Message sent</h2>
        <p
          className="mt-3 max-w-sm text-base leading-7 text-slate-600"
          data-testid="contact-confirmation"
        >
          {confirmation}
        </p>
      </div>
    );
  }

  const pending = submitContact.isPending;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-6"
      aria-describedby={formError ? 'contact-form-error' : undefined}
    >
      {formError && (
        <div
          id="contact-form-error"
          role="alert"
          className="flex gap-3 rounded-lg bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200"
        >
          <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
          <p>{formError}</p>
        </div>
      )}
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" error={errors.name?.message}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('name')}
              type="text"
              autoComplete="name"
              className={controlStyles(a11y['aria-invalid'])}
            />
          )}
        </FormField>
        <FormField id="contact-email" label="Work email" error={errors.email?.message}>
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
      </div>
      <FormField id="contact-company" label="Company" error={errors.company?.message}>
        {(a11y) => (
          <input
            {...a11y}
            {...register('company')}
            type="text"
            autoComplete="organization"
            className={controlStyles(a11y['aria-invalid'])}
          />
        )}
      </FormField>
      <FormField
        id="contact-message"
        label="Message"
        hint="Tell us about your business and what you'd like your chatbot to do."
        error={errors.message?.message}
      >
        {(a11y) => (
          <textarea
            {...a11y}
            {...register('message')}
            rows={5}
            className={controlStyles(a11y['aria-invalid'], 'resize-y')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={pending || !hydrated}>
        {pending && <Spinner className="size-4" />}
        {pending ? 'Sending...' : 'Send message'}
      </Button>
      <p className="text-center text-xs leading-5 text-slate-600">
        We use your details only to reply to this message.
      </p>
    </form>
  );
}
