import { describe, expect, test } from 'vitest';
import { originMatches } from './widget-origin';

describe('allowed domains', () => {
  const patterns = ['example.com', '*.shop.test', 'localhost:3000'];

  test('when the host is listed, then any port and scheme of it matches', () => {
    expect(originMatches('https://example.com', patterns)).toBe(true);
    expect(originMatches('http://example.com:8080', patterns)).toBe(true);
  });

  test('when a wildcard is listed, then subdomains at any depth match but not the bare or a look-alike domain', () => {
    expect(originMatches('https://www.shop.test', patterns)).toBe(true);
    expect(originMatches('https://a.b.shop.test', patterns)).toBe(true);
    expect(originMatches('https://shop.test', patterns)).toBe(false);
    expect(originMatches('https://evilshop.test', patterns)).toBe(false);
    expect(originMatches('https://shop.test.evil.com', patterns)).toBe(false);
  });

  test('when a port is listed, then only that port matches', () => {
    expect(originMatches('http://localhost:3000', patterns)).toBe(true);
    expect(originMatches('http://localhost:3001', patterns)).toBe(false);
    expect(originMatches('http://localhost', patterns)).toBe(false);
  });

  test('when the host only contains an allowed name, then it does not match', () => {
    expect(originMatches('https://www.example.com', patterns)).toBe(false);
    expect(originMatches('https://example.com.evil.test', patterns)).toBe(false);
  });
});
