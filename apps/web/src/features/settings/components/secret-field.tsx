import type { MaskedSecret } from '@askwell/shared';
import { KeyRound, RotateCcw } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';

import type { SecretDraft } from '../lib/settings-form';

type SecretFieldProps = {
  id: string;
  label: string;
  placeholder: string;
  saved: MaskedSecret;
  draft: SecretDraft;
  error?: string;
  onChange: (draft: SecretDraft) => void;
};

// A stored key is never sent back to the browser: the field shows its last characters and offers
// to replace or remove it; the change is applied by 'Save Changes'.
export function SecretField({
  id,
  label,
  placeholder,
  saved,
  draft,
  error,
  onChange,
}: SecretFieldProps) {
  if (saved.set && draft.mode === 'keep') {
    return (
      <div>
        <p id={`${id}-label`} className="block text-sm font-semibold text-slate-900">
          {label}
        </p>
        <div
          className="mt-2 flex flex-wrap items-center gap-2"
          role="group"
          aria-labelledby={`${id}-label`}
        >
          <span
            data-testid={`${id}-masked`}
            className="inline-flex min-w-0 items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800 ring-1 ring-slate-200"
          >
            <KeyRound className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="truncate">{saved.masked ?? 'Saved'}</span>
          </span>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onChange({ mode: 'replace', value: '' })}
              aria-label={`Replace ${label}`}
            >
              Replace
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700! hover:bg-red-50 hover:text-red-800!"
              onClick={() => onChange({ mode: 'remove', value: '' })}
              aria-label={`Remove ${label}`}
            >
              Remove
            </Button>
          </div>
        </div>
      </div>
    );
  }

  if (draft.mode === 'remove') {
    return (
      <div>
        <p className="block text-sm font-semibold text-slate-900">{label}</p>
        <div className="mt-2 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          <span className="min-w-0 flex-1">
            Saved key {saved.masked} will be removed when you save changes.
          </span>
          <Button
            size="sm"
            variant="ghost"
            className="h-8"
            onClick={() => onChange({ mode: 'keep', value: '' })}
            aria-label={`Keep ${label}`}
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            Undo
          </Button>
        </div>
      </div>
    );
  }

  return (
    <FormField
      id={id}
      label={label}
      error={error}
      hint={
        saved.set
          ? `Replaces the saved key ${saved.masked ?? ''} when you save changes.`
          : undefined
      }
    >
      {(a11y) => (
        <div className="flex gap-2">
          <input
            {...a11y}
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            value={draft.value}
            onChange={(event) => onChange({ mode: 'replace', value: event.target.value })}
            className={controlStyles(a11y['aria-invalid'], 'font-mono')}
          />
          {saved.set && (
            <Button
              variant="secondary"
              onClick={() => onChange({ mode: 'keep', value: '' })}
              aria-label={`Keep the saved ${label}`}
            >
              Cancel
            </Button>
          )}
        </div>
      )}
    </FormField>
  );
}
