import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { ProviderSettings } from '../settings/settings.service';

export type ResolvedModel = { model: LanguageModel; label: string };

// The spec's model names, as the providers call them.
const providerModelIds: Record<string, string> = {
  'gpt-4-turbo': 'gpt-4-turbo',
  'gpt-3.5-turbo': 'gpt-3.5-turbo',
  'gemini-pro': 'gemini-1.5-pro',
  'claude-3-opus': 'claude-3-opus-20240229',
  'claude-3-sonnet': 'claude-3-sonnet-20240229',
};

// Which model answers for a bot: its own override, else its owner's default. A custom endpoint,
// when switched on, serves whatever model name is chosen. Null means no provider is usable (no
// key saved): the built-in answerer replies.
export function resolveModel(
  settings: ProviderSettings,
  botModel: string | null,
): ResolvedModel | null {
  const name = (botModel ?? '').trim() || settings.defaultModel;
  if (settings.useCustomEndpoint && settings.customEndpoint) {
    const provider = createOpenAICompatible({
      name: 'custom',
      baseURL: settings.customEndpoint,
      ...(settings.keys.customApiKey ? { apiKey: settings.keys.customApiKey } : {}),
      fetch: settings.customFetch,
      // Token counts for the analytics page's model usage; servers that ignore it send none.
      includeUsage: true,
    });
    return { model: provider.chatModel(name), label: `custom:${name}` };
  }
  const id = providerModelIds[name] ?? name;
  if (/^claude/i.test(name)) {
    const apiKey = settings.keys.anthropic;
    if (!apiKey) return null;
    return { model: createAnthropic({ apiKey })(id), label: `anthropic:${id}` };
  }
  if (/^gemini/i.test(name)) {
    const apiKey = settings.keys.google;
    if (!apiKey) return null;
    return { model: createGoogleGenerativeAI({ apiKey })(id), label: `google:${id}` };
  }
  const apiKey = settings.keys.openai;
  if (!apiKey) return null;
  return { model: createOpenAI({ apiKey }).chat(id), label: `openai:${id}` };
}
