import { createHash, randomBytes } from 'node:crypto';

const keyPrefix = 'askw_';
const shownPrefixLength = keyPrefix.length + 6;

// 192 random bits: a fast hash is enough to store it (nothing to brute-force), and a lookup by
// hash needs no per-key salt.
export function generateApiKey() {
  const secret = `${keyPrefix}${randomBytes(24).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, shownPrefixLength), keyHash: hashApiKey(secret) };
}

export function hashApiKey(secret: string) {
  return createHash('sha256').update(secret).digest('hex');
}
