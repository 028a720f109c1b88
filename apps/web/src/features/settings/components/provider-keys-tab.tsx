import type { ModelSettings, ProviderKeyName } from '@askwell/shared';
import { Lock, Server } from 'lucide-react';
import type { ReactNode } from 'react';

import { controlStyles, FormField } from '@/components/ui/form-field';

import {
  isSecretDirty,
  providerLabels,
  type DraftErrors,
  type HostedProvider,
  type SecretDraft,
  type SettingsDraft,
} from '../lib/settings-form';
import { SecretField } from './secret-field';
import { TestConnection } from './test-connection';

const hostedProviders: ReadonlyArray<{
  name: HostedProvider;
  label: string;
  placeholder: string;
  models: string;
}> = [
  {
    name: 'openai',
    label: 'OpenAI API key',
    placeholder: 'sk-...',
    models: 'gpt-4-turbo and gpt-3.5-turbo',
  },
  { name: 'google', label: 'Google AI API key', placeholder: 'AIza...', models: 'gemini-pro' },
  {
    name: 'anthropic',
    label: 'Anthropic API key',
    placeholder: 'sk-ant-...',
    models: 'claude-3-opus and claude-3-sonnet',
  },
];

function ProviderCard({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-xl p-4 ring-1 ring-slate-200 sm:p-5">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

type ProviderKeysTabProps = {
  settings: ModelSettings;
  draft: SettingsDraft;
  errors: DraftErrors;
  onKeyChange: (name: ProviderKeyName, draft: SecretDraft) => void;
  onEndpointChange: (value: string) => void;
};

export function ProviderKeysTab({
  settings,
  draft,
  errors,
  onKeyChange,
  onEndpointChange,
}: ProviderKeysTabProps) {
  const testBlock = (name: ProviderKeyName) => {
    if (isSecretDirty(settings.providerKeys[name].set, draft.keys[name])) {
      return 'Save changes to test this key.';
    }
    return settings.providerKeys[name].set ? null : 'Save a key first.';
  };
  const endpointDirty = draft.customEndpoint.trim() !== (settings.customEndpoint ?? '');
  const customBlock =
    endpointDirty || isSecretDirty(settings.providerKeys.customApiKey.set, draft.keys.customApiKey)
      ? 'Save changes to test this endpoint.'
      : settings.customEndpoint
        ? null
        : 'Save an endpoint URL first.';

  return (
    <div className="space-y-5">
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <Lock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>
          Your chatbots answer with the provider of your default model. Keys are encrypted before
          they are stored and are never shown again in full. Without a key, chatbots reply from your
          documents with the built-in answerer.
        </span>
      </p>
      {hostedProviders.map((provider) => (
        <ProviderCard
          key={provider.name}
          title={providerLabels[provider.name]}
          description={`Used for ${provider.models}.`}
        >
          <SecretField
            id={`provider-key-${provider.name}`}
            label={provider.label}
            placeholder={provider.placeholder}
            saved={settings.providerKeys[provider.name]}
            draft={draft.keys[provider.name]}
            error={errors[provider.name]}
            onChange={(next) => onKeyChange(provider.name, next)}
          />
          <TestConnection
            provider={provider.name}
            providerLabel={providerLabels[provider.name]}
            blockedReason={testBlock(provider.name)}
          />
        </ProviderCard>
      ))}
      <ProviderCard
        title="Custom endpoint"
        description="Any OpenAI-compatible server, such as a local Ollama or vLLM. Switch it on under Model Preferences."
      >
        <FormField
          id="custom-endpoint"
          label="Custom endpoint URL"
          error={errors.customEndpoint}
          hint="The base URL of the API, usually ending in /v1."
        >
          {(a11y) => (
            <div className="relative">
              <Server
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
              <input
                {...a11y}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="http://localhost:11434/v1"
                value={draft.customEndpoint}
                onChange={(event) => onEndpointChange(event.target.value)}
                className={controlStyles(a11y['aria-invalid'], 'pl-9 font-mono')}
              />
            </div>
          )}
        </FormField>
        <SecretField
          id="provider-key-customApiKey"
          label="Custom API key"
          placeholder="Optional: leave empty if the server needs none"
          saved={settings.providerKeys.customApiKey}
          draft={draft.keys.customApiKey}
          error={errors.customApiKey}
          onChange={(next) => onKeyChange('customApiKey', next)}
        />
        <TestConnection
          provider="custom"
          providerLabel="the custom endpoint"
          blockedReason={customBlock}
        />
      </ProviderCard>
    </div>
  );
}
