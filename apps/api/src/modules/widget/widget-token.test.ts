import { describe, expect, test } from 'vitest';
import { WidgetTokens, widgetSessionTtlSeconds } from './widget-token';

describe('widget session tokens', () => {
  const tokens = new WidgetTokens('a-server-secret-that-is-long-enough');
  const claims = { botId: 'bot-1', origin: 'https://shop.test', visitorId: 'visitor-1234567890' };

  test('when a token is issued, then it verifies with its claims until it expires', () => {
    const now = Date.UTC(2026, 0, 1);
    const { token } = tokens.issue(claims, now);
    expect(tokens.verify(token, now + 1000)).toMatchObject(claims);
    expect(tokens.verify(token, now + widgetSessionTtlSeconds * 1000)).toBeNull();
  });

  test('when the claims are edited or the token comes from another server secret, then it is refused', () => {
    const { token } = tokens.issue(claims);
    const [, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, botId: 'bot-2', exp: 9e9 })).toString(
      'base64url',
    );
    expect(tokens.verify(`${forged}.${signature}`)).toBeNull();
    expect(new WidgetTokens('another-server-secret-entirely!!').verify(token)).toBeNull();
    expect(tokens.verify(`${token}.extra`)).toBeNull();
    expect(tokens.verify('garbage')).toBeNull();
  });
});
