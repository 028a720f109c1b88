import { z } from 'zod';

// Spec §3 Settings: the model options, default gpt-4-turbo.
export const modelOptions = [
  'gpt-4-turbo',
  'gpt-3.5-turbo',
  'gemini-pro',
  'claude-3-opus',
  'claude-3-sonnet',
] as const;
export type ModelOption = (typeof modelOptions)[number];
export const defaultModel: ModelOption = 'gpt-4-turbo';

export const providerKeyNames = ['openai', 'google', 'anthropic', 'customApiKey'] as const;
export type ProviderKeyName = (typeof providerKeyNames)[number];

// A stored secret as the browser sees it: whether it is set and its last characters, never more.
export type MaskedSecret = { set: boolean; masked: string | null };

export type ModelSettings = {
  providerKeys: Record<ProviderKeyName, MaskedSecret>;
  customEndpoint: string | null;
  defaultModel: string;
  useCustomEndpoint: boolean;
  // False while the plan does not include own provider keys: they are kept, and answers come
  // from Askwell's built-in answerer until the account is on Premium again.
  ownProviderActive: boolean;
};

// A key given as a string replaces the stored one, null removes it, absent keeps it.
const secretUpdate = z.string().trim().min(1).max(500).nullable().optional();

export const modelSettingsUpdateSchema = z.object({
  providerKeys: z
    .object({
      openai: secretUpdate,
      google: secretUpdate,
      anthropic: secretUpdate,
      customApiKey: secretUpdate,
    })
    .optional(),
  customEndpoint: z
    .union([z.url({ protocol: /^https?$/, message: 'Enter an http(s) URL' }), z.literal('')])
    .nullable()
    .optional(),
  // Any model name is allowed for a custom endpoint (e.g. "llama3.1"); the spec's options are the
  // ones offered in the list.
  defaultModel: z.string().trim().min(1).max(100).optional(),
  useCustomEndpoint: z.boolean().optional(),
});
export type ModelSettingsUpdate = z.infer<typeof modelSettingsUpdateSchema>;

export const connectionProviders = ['openai', 'google', 'anthropic', 'custom'] as const;
export type ConnectionProvider = (typeof connectionProviders)[number];
export const connectionTestSchema = z.object({ provider: z.enum(connectionProviders) });
export type ConnectionTestResult = { ok: boolean; message: string };

// Askwell API keys for the public chat API.
export type ApiKey = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
export const apiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, 'Give the key a name').max(80, 'At most 80 characters'),
});
export type ApiKeyCreated = { key: ApiKey; secret: string };
