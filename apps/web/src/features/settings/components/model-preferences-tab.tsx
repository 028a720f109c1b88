import { modelOptions, type ModelSettings } from '@askwell/shared';
import clsx from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { controlStyles, FormField } from '@/components/ui/form-field';

import {
  isListedModel,
  providerLabels,
  providerOfModel,
  type DraftErrors,
  type SettingsDraft,
} from '../lib/settings-form';

const modelLabels: Record<(typeof modelOptions)[number], string> = {
  'gpt-4-turbo': 'gpt-4-turbo · OpenAI',
  'gpt-3.5-turbo': 'gpt-3.5-turbo · OpenAI',
  'gemini-pro': 'gemini-pro · Google',
  'claude-3-opus': 'claude-3-opus · Anthropic',
  'claude-3-sonnet': 'claude-3-sonnet · Anthropic',
};

// Says plainly which key the chosen model will use, and what happens while that key is missing.
function ModelStatus({ settings, draft }: { settings: ModelSettings; draft: SettingsDraft }) {
  const model = draft.defaultModel.trim();
  let ok: boolean;
  let text: string;
  if (!settings.ownProviderActive) {
    ok = false;
    text =
      'Your plan does not include your own provider keys: your chatbots reply with the built-in answerer, which quotes the best passages of your documents.';
  } else if (draft.useCustomEndpoint) {
    ok = Boolean(draft.customEndpoint.trim());
    text = ok
      ? `Answers come from ${model || 'your model'} on your custom endpoint.`
      : 'No custom endpoint URL yet: add it on the API Keys tab.';
  } else {
    const provider = providerOfModel(model);
    const key = draft.keys[provider];
    ok =
      (settings.providerKeys[provider].set && key.mode === 'keep') ||
      (key.mode === 'replace' && key.value.trim() !== '');
    text = ok
      ? `Answers come from ${model} with your ${providerLabels[provider]} key.`
      : `No ${providerLabels[provider]} key saved: your chatbots reply with the built-in answerer, which quotes the best passages of your documents.`;
  }
  return (
    <p
      data-testid="model-status"
      className={clsx(
        'flex items-start gap-2 rounded-lg px-3 py-2 text-sm ring-1',
        ok
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
          : 'bg-amber-50 text-amber-900 ring-amber-200',
      )}
    >
      {ok ? (
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      <span>{text}</span>
    </p>
  );
}

type ModelPreferencesTabProps = {
  settings: ModelSettings;
  draft: SettingsDraft;
  errors: DraftErrors;
  onModelChange: (model: string) => void;
  onUseCustomEndpointChange: (value: boolean) => void;
  onOpenKeys: () => void;
};

export function ModelPreferencesTab({
  settings,
  draft,
  errors,
  onModelChange,
  onUseCustomEndpointChange,
  onOpenKeys,
}: ModelPreferencesTabProps) {
  const custom = draft.useCustomEndpoint;
  // A model typed for a custom endpoint stays selectable after the endpoint is switched off.
  const unlisted = !isListedModel(draft.defaultModel) && draft.defaultModel.trim() !== '';

  return (
    <div className="space-y-6">
      <div className="flex items-start justify-between gap-4 rounded-xl p-4 ring-1 ring-slate-200 sm:p-5">
        <div className="min-w-0">
          <p id="use-custom-endpoint-label" className="text-sm font-semibold text-slate-900">
            Use custom endpoint
          </p>
          <p id="use-custom-endpoint-hint" className="mt-0.5 text-sm text-slate-600">
            Send questions to your own OpenAI-compatible server instead of OpenAI, Google or
            Anthropic.
          </p>
          {custom && !draft.customEndpoint.trim() && (
            <Button
              size="sm"
              variant="ghost"
              className="mt-2 -ml-3 text-brand-800!"
              onClick={onOpenKeys}
            >
              Add the endpoint URL on the API Keys tab
            </Button>
          )}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={custom}
          aria-labelledby="use-custom-endpoint-label"
          aria-describedby="use-custom-endpoint-hint"
          onClick={() => onUseCustomEndpointChange(!custom)}
          className={clsx(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            custom ? 'bg-brand-700' : 'bg-slate-300',
          )}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              custom ? 'translate-x-5.5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>

      <FormField
        id="default-model"
        label="Default model"
        error={errors.defaultModel}
        hint={
          custom
            ? 'The model name your endpoint serves, for example llama3.1. Pick from the list or type any name.'
            : 'The model your chatbots answer with.'
        }
      >
        {(a11y) =>
          custom ? (
            <>
              <input
                {...a11y}
                type="text"
                list="model-options"
                autoComplete="off"
                spellCheck={false}
                value={draft.defaultModel}
                onChange={(event) => onModelChange(event.target.value)}
                className={controlStyles(a11y['aria-invalid'], 'font-mono')}
              />
              <datalist id="model-options">
                {modelOptions.map((model) => (
                  <option key={model} value={model} />
                ))}
              </datalist>
            </>
          ) : (
            <select
              {...a11y}
              value={draft.defaultModel}
              onChange={(event) => onModelChange(event.target.value)}
              className={controlStyles(a11y['aria-invalid'])}
            >
              {modelOptions.map((model) => (
                <option key={model} value={model}>
                  {modelLabels[model]}
                </option>
              ))}
              {unlisted && <option value={draft.defaultModel}>{draft.defaultModel}</option>}
            </select>
          )
        }
      </FormField>

      <ModelStatus settings={settings} draft={draft} />
    </div>
  );
}
