import { describe, expect, it } from 'vitest';
import { describeNetworkError, describeStatus } from './provider-connection';

function networkError(code: string) {
  return Object.assign(new TypeError('fetch failed'), { cause: { code } });
}

const openaiModels = new URL('https://api.openai.com/v1/models');
const customModels = new URL('http://llm.internal:11434/v1/models');

describe('Test connection failure messages', () => {
  it('when OpenAI cannot be reached, then the owner is not told to check a URL they cannot edit', () => {
    for (const error of [
      networkError('ENOTFOUND'),
      networkError('ECONNREFUSED'),
      networkError('ECONNRESET'),
      new DOMException('timed out', 'TimeoutError'),
    ]) {
      const message = describeNetworkError(error, 'OpenAI', openaiModels, 10_000);
      expect(message).not.toMatch(/endpoint|URL/i);
      expect(message).toContain('your key was not checked');
      expect(message).toContain('api.openai.com');
    }
  });

  it('when a hosted provider refuses the key, then the message names that provider’s key field', () => {
    expect(describeStatus(401, 'OpenAI', 'Incorrect API key provided.')).toBe(
      'OpenAI rejected the API key (HTTP 401). Check the OpenAI API key under Settings → API Keys (keys are at platform.openai.com/api-keys). OpenAI said: "Incorrect API key provided."',
    );
    expect(describeStatus(403, 'Anthropic', null)).toContain('Check the Anthropic API key');
    expect(describeStatus(400, 'Google', null)).toContain('Check the Google AI API key');
    expect(describeStatus(404, 'OpenAI', null)).not.toMatch(/endpoint|URL/i);
    expect(describeStatus(429, 'Anthropic', null)).toContain('console.anthropic.com');
  });

  it('when the custom endpoint fails, then the message points at its URL or its key', () => {
    expect(
      describeNetworkError(
        networkError('ECONNREFUSED'),
        'The custom endpoint',
        customModels,
        10_000,
      ),
    ).toBe(
      'Nothing is listening at llm.internal:11434. Check the Custom endpoint URL and that the server behind it is running.',
    );
    expect(describeStatus(404, 'The custom endpoint', null)).toContain(
      'Check the Custom endpoint URL (it usually ends in /v1)',
    );
    expect(describeStatus(401, 'The custom endpoint', null)).toContain('Check the Custom API key');
  });
});
