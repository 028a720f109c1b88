import {
  modelOptions,
  modelSettingsUpdateSchema,
  type ModelSettings,
  type ModelSettingsUpdate,
  type ProviderKeyName,
} from '@askwell/shared';

// A saved key is kept, replaced by what was typed, or removed; a key never saved is "replace" with
// an empty value until the user types one.
export type SecretMode = 'keep' | 'replace' | 'remove';
export type SecretDraft = { mode: SecretMode; value: string };

export type SettingsDraft = {
  keys: Record<ProviderKeyName, SecretDraft>;
  customEndpoint: string;
  defaultModel: string;
  useCustomEndpoint: boolean;
};

export type DraftErrors = Partial<
  Record<ProviderKeyName | 'customEndpoint' | 'defaultModel', string>
>;

export function draftFrom(settings: ModelSettings): SettingsDraft {
  const secret = (name: ProviderKeyName): SecretDraft => ({
    mode: settings.providerKeys[name].set ? 'keep' : 'replace',
    value: '',
  });
  return {
    keys: {
      openai: secret('openai'),
      google: secret('google'),
      anthropic: secret('anthropic'),
      customApiKey: secret('customApiKey'),
    },
    customEndpoint: settings.customEndpoint ?? '',
    defaultModel: settings.defaultModel,
    useCustomEndpoint: settings.useCustomEndpoint,
  };
}

// Null removes a stored key, a string replaces it, and an absent field leaves it as it is.
function secretChange(saved: boolean, draft: SecretDraft): string | null | undefined {
  if (draft.mode === 'remove') return saved ? null : undefined;
  if (draft.mode === 'replace' && draft.value.trim()) return draft.value.trim();
  return undefined;
}

export function isSecretDirty(saved: boolean, draft: SecretDraft) {
  return secretChange(saved, draft) !== undefined;
}

export function buildUpdate(settings: ModelSettings, draft: SettingsDraft): ModelSettingsUpdate {
  const providerKeys: NonNullable<ModelSettingsUpdate['providerKeys']> = {};
  for (const name of Object.keys(draft.keys) as ProviderKeyName[]) {
    const change = secretChange(settings.providerKeys[name].set, draft.keys[name]);
    if (change !== undefined) providerKeys[name] = change;
  }
  const update: ModelSettingsUpdate = {};
  if (Object.keys(providerKeys).length > 0) update.providerKeys = providerKeys;
  const endpoint = draft.customEndpoint.trim();
  if (endpoint !== (settings.customEndpoint ?? '')) update.customEndpoint = endpoint || null;
  const model = draft.defaultModel.trim();
  if (model !== settings.defaultModel) update.defaultModel = model;
  if (draft.useCustomEndpoint !== settings.useCustomEndpoint) {
    update.useCustomEndpoint = draft.useCustomEndpoint;
  }
  return update;
}

export function isDraftDirty(settings: ModelSettings, draft: SettingsDraft) {
  return Object.keys(buildUpdate(settings, draft)).length > 0;
}

// The same rules the server applies, checked first so the user sees them next to the field.
export function validateDraft(draft: SettingsDraft): DraftErrors {
  const errors: DraftErrors = {};
  const endpoint = draft.customEndpoint.trim();
  const parsed = modelSettingsUpdateSchema.safeParse({
    customEndpoint: endpoint || null,
    defaultModel: draft.defaultModel.trim() || undefined,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'customEndpoint' || field === 'defaultModel') errors[field] ??= issue.message;
    }
  }
  if (!draft.defaultModel.trim()) errors.defaultModel = 'Choose a default model';
  if (draft.useCustomEndpoint && !endpoint) {
    errors.customEndpoint = 'Enter the endpoint URL to use a custom endpoint';
  }
  return errors;
}

// Server field errors arrive as "providerKeys.openai" or "customEndpoint".
export function errorsFromFields(fields: Record<string, string>): DraftErrors {
  const errors: DraftErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.replace(/^providerKeys\./, '');
    if (
      field === 'openai' ||
      field === 'google' ||
      field === 'anthropic' ||
      field === 'customApiKey' ||
      field === 'customEndpoint' ||
      field === 'defaultModel'
    ) {
      errors[field] = message;
    }
  }
  return errors;
}

export type HostedProvider = 'openai' | 'google' | 'anthropic';

export const providerLabels: Record<HostedProvider, string> = {
  openai: 'OpenAI',
  google: 'Google',
  anthropic: 'Anthropic',
};

// Mirrors the server's choice: Claude models go to Anthropic, Gemini to Google, any other name to
// OpenAI (unless the custom endpoint is on).
export function providerOfModel(model: string): HostedProvider {
  if (/^claude/i.test(model)) return 'anthropic';
  if (/^gemini/i.test(model)) return 'google';
  return 'openai';
}

export function isListedModel(model: string) {
  return (modelOptions as readonly string[]).includes(model);
}
