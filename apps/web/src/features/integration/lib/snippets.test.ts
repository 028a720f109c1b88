import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

import { curlSnippet, kotlinSnippet, swiftSnippet } from './snippets';

const input = {
  baseUrl: 'https://askwell.example/',
  botId: 'b0t-1',
  message: `It's "50% off" $HOME \\ today?`,
};

describe('curlSnippet', () => {
  it('when the message holds quotes and dollars, then the shell passes the JSON through unchanged', () => {
    // Turn curl into a printer of its last argument, so the real shell parses the real snippet.
    const script = `curl() { printf '%s' "\${@: -1}"; }\n${curlSnippet(input)}`;
    const body = execFileSync('bash', ['-c', script], {
      env: { ASKWELL_API_KEY: 'k', HOME: '/nowhere' },
    }).toString();
    expect(JSON.parse(body)).toEqual({ botId: 'b0t-1', message: input.message });
  });

  it('when given a base URL, then it calls /v1/chat on it with the key from the environment', () => {
    const snippet = curlSnippet(input);
    expect(snippet).toContain('https://askwell.example/v1/chat');
    expect(snippet).toContain('Authorization: Bearer $ASKWELL_API_KEY');
  });
});

it('when the message has quotes, dollars and backslashes, then Swift and Kotlin literals escape them', () => {
  expect(swiftSnippet(input)).toContain(`askBot("It's \\"50% off\\" $HOME \\\\ today?"`);
  expect(kotlinSnippet(input)).toContain(`askBot("It's \\"50% off\\" \\$HOME \\\\ today?"`);
});
