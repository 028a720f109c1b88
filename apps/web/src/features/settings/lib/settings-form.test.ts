import type { ModelSettings } from '@askwell/shared';
import { describe, expect, it } from 'vitest';

import {
  buildUpdate,
  draftFrom,
  errorsFromFields,
  providerOfModel,
  validateDraft,
} from './settings-form';

const saved: ModelSettings = {
  providerKeys: {
    openai: { set: true, masked: '••••abcd' },
    google: { set: false, masked: null },
    anthropic: { set: true, masked: '••••wxyz' },
    customApiKey: { set: false, masked: null },
  },
  customEndpoint: null,
  defaultModel: 'gpt-4-turbo',
  useCustomEndpoint: false,
  ownProviderActive: true,
};

describe('buildUpdate', () => {
  it('when nothing was touched, then it sends nothing, so no stored key is overwritten', () => {
    expect(buildUpdate(saved, draftFrom(saved))).toEqual({});
  });

  it('when a key is typed, another removed and the model changed, then only those are sent', () => {
    const draft = draftFrom(saved);
    draft.keys.google = { mode: 'replace', value: '  AIza-new  ' };
    draft.keys.anthropic = { mode: 'remove', value: '' };
    draft.defaultModel = 'claude-3-opus';
    expect(buildUpdate(saved, draft)).toEqual({
      providerKeys: { google: 'AIza-new', anthropic: null },
      defaultModel: 'claude-3-opus',
    });
  });

  it('when "Replace" is clicked but left empty, then the saved key stays', () => {
    const draft = draftFrom(saved);
    draft.keys.openai = { mode: 'replace', value: '  ' };
    expect(buildUpdate(saved, draft)).toEqual({});
  });

  it('when the custom endpoint is cleared, then null is sent', () => {
    const withEndpoint = { ...saved, customEndpoint: 'http://localhost:11434/v1' };
    const draft = draftFrom(withEndpoint);
    draft.customEndpoint = '';
    expect(buildUpdate(withEndpoint, draft)).toEqual({ customEndpoint: null });
  });
});

describe('validateDraft', () => {
  it('when the custom endpoint is switched on without a URL, then the URL field says so', () => {
    const draft = { ...draftFrom(saved), useCustomEndpoint: true };
    expect(validateDraft(draft).customEndpoint).toBe(
      'Enter the endpoint URL to use a custom endpoint',
    );
  });

  it('when the endpoint is not an http(s) URL, then it is refused', () => {
    const draft = { ...draftFrom(saved), customEndpoint: 'ftp://models.local' };
    expect(validateDraft(draft).customEndpoint).toBe('Enter an http(s) URL');
  });

  it('when everything is in order, then there are no errors', () => {
    const draft = { ...draftFrom(saved), customEndpoint: 'http://localhost:11434/v1' };
    expect(validateDraft(draft)).toEqual({});
  });
});

it('when the server names nested fields, then they land on the right inputs', () => {
  expect(
    errorsFromFields({ 'providerKeys.openai': 'Too long', customEndpoint: 'Bad URL' }),
  ).toEqual({ openai: 'Too long', customEndpoint: 'Bad URL' });
});

it('when a model is named, then the provider whose key it needs is the one the server will call', () => {
  expect(providerOfModel('claude-3-sonnet')).toBe('anthropic');
  expect(providerOfModel('gemini-pro')).toBe('google');
  expect(providerOfModel('gpt-3.5-turbo')).toBe('openai');
  expect(providerOfModel('o1-mini')).toBe('openai');
});
