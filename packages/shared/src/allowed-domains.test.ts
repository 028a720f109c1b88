import { describe, expect, test } from 'vitest';
import { botPublishingSchema } from './bots';

const domains = botPublishingSchema.shape.allowedDomains;

describe('allowed domains in the bot editor', () => {
  test('when owners paste addresses, then only the host (and a port) is kept, without duplicates', () => {
    expect(
      domains.parse([
        'https://WWW.Example.com/shop?x=1',
        'www.example.com',
        '*.example.org',
        'http://localhost:3000/',
        'example.net.',
      ]),
    ).toEqual(['www.example.com', '*.example.org', 'localhost:3000', 'example.net']);
  });

  test('when a value is not a host pattern, then it is refused', () => {
    for (const value of [
      'exa mple.com',
      '*example.com',
      'a.*.example.com',
      'example.com:0',
      'example.com:70000',
      '-bad.com',
      '',
    ]) {
      expect(domains.safeParse([value]).success, value).toBe(false);
    }
  });
});
