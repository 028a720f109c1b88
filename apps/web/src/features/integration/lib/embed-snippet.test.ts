import { describe, expect, test } from 'vitest';

import { embedSnippet, previewUrl } from './embed-snippet';

describe('embed snippet', () => {
  test('when a bot is chosen, then the snippet names the real origin, bot id and options', () => {
    expect(
      embedSnippet({
        origin: 'https://chat.example.com/',
        botId: '3f0c8f7e-2b7a-4f7e-9a51-0d6c1c7b2a10',
        position: 'bottom-left',
        theme: 'dark',
      }),
    ).toBe(
      '<script src="https://chat.example.com/widget.js" data-bot-id="3f0c8f7e-2b7a-4f7e-9a51-0d6c1c7b2a10" data-position="bottom-left" data-theme="dark" async></script>',
    );
  });

  test('when a value holds markup, then it cannot break out of its attribute', () => {
    const snippet = embedSnippet({
      origin: 'https://x.test',
      botId: '"><script>alert(1)</script>',
      position: 'bottom-right',
      theme: 'light',
    });
    expect(snippet).not.toContain('"><script>');
    expect(snippet).toContain('data-bot-id="&quot;>&lt;script>alert(1)&lt;/script>"');
  });

  test('when previewing, then the preview page gets the same options', () => {
    expect(previewUrl({ botId: 'abc', position: 'bottom-right', theme: 'light' })).toBe(
      '/widget-preview?botId=abc&position=bottom-right&theme=light',
    );
  });
});
