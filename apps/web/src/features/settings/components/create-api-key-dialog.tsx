import { apiKeyCreateSchema, type ApiKeyCreated } from '@askwell/shared';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';

import { useCreateApiKey } from '../api/api-keys';

type CreateApiKeyDialogProps = {
  open: boolean;
  onClose: () => void;
};

// One modal, two steps: name the key, then see its secret once. The secret lives only in this
// component's state and is gone when the dialog closes.
export function CreateApiKeyDialog({ open, onClose }: CreateApiKeyDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const createKey = useCreateApiKey();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    if (createKey.isPending) return;
    setName('');
    setError(undefined);
    setCreated(null);
    createKey.reset();
    onClose();
  };

  const submit = () => {
    const parsed = apiKeyCreateSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    createKey.mutate(parsed.data, {
      onSuccess: setCreated,
      onError: (failure) => setError(failure.fields.name ?? failure.message),
    });
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/50"
    >
      {created ? (
        <div className="p-6">
          <div className="flex items-start gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 ring-1 ring-emerald-100">
              <KeyRound className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h2 id={titleId} className="text-base font-semibold text-slate-900">
                API key created
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                “{created.key.name}” is ready to use with the chat API.
              </p>
            </div>
          </div>
          <div
            role="alert"
            className="mt-5 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              <strong className="font-semibold">Copy this key now.</strong> For your security it is
              shown only once: after you close this window nobody, not even Askwell, can show it
              again. Store it somewhere safe, such as your server's environment variables.
            </span>
          </div>
          <p id="new-key-label" className="mt-5 text-sm font-semibold text-slate-900">
            Your new API key
          </p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-stretch">
            <code
              data-testid="new-api-key"
              aria-labelledby="new-key-label"
              className="block min-w-0 flex-1 rounded-lg bg-slate-950 px-3 py-2.5 font-mono text-sm break-all text-slate-100"
            >
              {created.secret}
            </code>
            <CopyButton text={created.secret} label="Copy API key" className="sm:h-auto" />
          </div>
          <div className="mt-6 flex justify-end">
            <Button onClick={close} autoFocus>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="p-6"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            Create API key
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A key lets your server or app call the Askwell chat API for any of your chatbots.
          </p>
          <div className="mt-5">
            <FormField
              id="api-key-name"
              label="Key name"
              error={error}
              hint="Helps you recognise the key later, for example “Production website” or “iOS app”."
            >
              {(a11y) => (
                <input
                  {...a11y}
                  type="text"
                  autoComplete="off"
                  maxLength={80}
                  value={name}
                  onChange={(event) => {
                    setName(event.target.value);
                    setError(undefined);
                  }}
                  className={controlStyles(a11y['aria-invalid'])}
                  autoFocus
                />
              )}
            </FormField>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={createKey.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={createKey.isPending}>
              {createKey.isPending && <Spinner className="size-4" />}
              {createKey.isPending ? 'Creating...' : 'Create key'}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
