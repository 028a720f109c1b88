import { createHash } from 'node:crypto';
import type { ContentSection } from './extract-main-content';

// Hashes what the bot would learn, not the raw HTML, so a re-sync skips pages whose markup,
// scripts or navigation changed but whose content did not.
export function contentHash(content: { title: string | null; sections: ContentSection[] }): string {
  const hash = createHash('sha256');
  hash.update(normalise(content.title ?? ''));
  for (const section of content.sections) {
    hash.update('\u0000');
    hash.update(normalise(section.heading ?? ''));
    hash.update('\u0001');
    hash.update(normalise(section.text));
  }
  return hash.digest('hex');
}

function normalise(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\S\n]+/g, ' ')
    .trim();
}
