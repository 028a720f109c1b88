import { describe, expect, test } from 'vitest';
import type { ProviderSettings } from '../settings/settings.service';
import { resolveModel } from './model-provider';

function settings(overrides: Partial<ProviderSettings> = {}): ProviderSettings {
  return {
    keys: { openai: null, google: null, anthropic: null, customApiKey: null },
    customEndpoint: null,
    defaultModel: 'gpt-4-turbo',
    useCustomEndpoint: false,
    customFetch: fetch,
    ...overrides,
  };
}

const keys = { openai: 'sk-o', google: 'g-key', anthropic: 'sk-ant', customApiKey: null };

describe('choosing the model', () => {
  test('when no key is saved for the chosen model, then there is none (the built-in answerer replies)', () => {
    expect(resolveModel(settings(), null)).toBeNull();
    expect(
      resolveModel(settings({ keys: { ...keys, anthropic: null } }), 'claude-3-opus'),
    ).toBeNull();
  });

  test('when keys are saved, then each of the spec’s models goes to its provider', () => {
    const saved = settings({ keys });
    expect(resolveModel(saved, null)?.label).toBe('openai:gpt-4-turbo');
    expect(resolveModel(saved, 'gpt-3.5-turbo')?.label).toBe('openai:gpt-3.5-turbo');
    expect(resolveModel(saved, 'claude-3-sonnet')?.label).toBe(
      'anthropic:claude-3-sonnet-20240229',
    );
    expect(resolveModel(saved, 'gemini-pro')?.label).toBe('google:gemini-1.5-pro');
  });

  test('when the bot names a model, then it wins over the default; a blank name does not', () => {
    const saved = settings({ keys, defaultModel: 'claude-3-opus' });
    expect(resolveModel(saved, 'gpt-3.5-turbo')?.label).toBe('openai:gpt-3.5-turbo');
    expect(resolveModel(saved, '  ')?.label).toBe('anthropic:claude-3-opus-20240229');
  });

  test('when the custom endpoint is on, then it serves the chosen model name, with or without a key', () => {
    const custom = settings({
      customEndpoint: 'http://127.0.0.1:11434/v1',
      useCustomEndpoint: true,
      defaultModel: 'llama3.1',
    });
    expect(resolveModel(custom, null)?.label).toBe('custom:llama3.1');
    expect(resolveModel({ ...custom, useCustomEndpoint: false }, null)).toBeNull();
  });
});
