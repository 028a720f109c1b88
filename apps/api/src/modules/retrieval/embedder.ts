import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embed, type EmbeddingModel } from 'ai';
import type { ProviderSettings } from '../settings/settings.service';

// `label` names the model and where it runs; vectors are only compared with vectors of the
// same label.
export type Embedder = { model: EmbeddingModel; label: string };

export const openAiEmbeddingModel = 'text-embedding-3-small';

// Dense retrieval needs the owner's OpenAI key or their custom OpenAI-compatible endpoint (which
// serves `customModel`); the other providers' keys do not embed.
export function resolveEmbedder(settings: ProviderSettings, customModel: string): Embedder | null {
  if (settings.useCustomEndpoint && settings.customEndpoint) {
    const provider = createOpenAICompatible({
      name: 'custom',
      baseURL: settings.customEndpoint,
      ...(settings.keys.customApiKey ? { apiKey: settings.keys.customApiKey } : {}),
      fetch: settings.customFetch,
    });
    return {
      model: provider.embeddingModel(customModel),
      label: `custom:${settings.customEndpoint}#${customModel}`,
    };
  }
  const apiKey = settings.keys.openai;
  if (!apiKey) return null;
  return {
    model: createOpenAI({ apiKey }).embedding(openAiEmbeddingModel),
    label: `openai:${openAiEmbeddingModel}`,
  };
}

export type EmbedderLookup = (userId: string) => Promise<Embedder | null>;

// The embedder of a bot owner's saved model settings, for indexing and for queries alike.
export function embedderLookup(
  providerSettings: (userId: string) => Promise<ProviderSettings>,
  customModel: string,
): EmbedderLookup {
  return async (userId) => resolveEmbedder(await providerSettings(userId), customModel);
}

export function embeddingInput(heading: string | null, text: string) {
  return heading && !text.startsWith(heading) ? `${heading}\n${text}` : text;
}

export async function embedQuery(embedder: Embedder, query: string, timeoutMs: number) {
  const { embedding } = await embed({
    model: embedder.model,
    value: query,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(timeoutMs),
  });
  return embedding;
}
