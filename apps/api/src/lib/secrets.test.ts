import { describe, expect, test } from 'vitest';
import { createSecretBox, maskSecret, SecretBox, SecretDecryptionError } from './secrets';

const key = 'a-secrets-key-of-at-least-thirty-two-characters';

describe('SecretBox', () => {
  test('when a secret is encrypted, then only the same key gets it back', () => {
    const box = new SecretBox(key);
    const stored = box.encrypt('sk-live-provider-key');
    expect(stored).not.toContain('sk-live');
    expect(box.decrypt(stored)).toBe('sk-live-provider-key');
    expect(() => new SecretBox(`${key}-other`).decrypt(stored)).toThrow(SecretDecryptionError);
  });

  test('when the same secret is encrypted twice, then the stored values differ', () => {
    const box = new SecretBox(key);
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  test('when a stored value is tampered with, then it is refused', () => {
    const box = new SecretBox(key);
    const stored = box.encrypt('webhook-secret');
    const body = Buffer.from(stored.slice(3), 'base64url');
    body[body.length - 1]! ^= 1;
    expect(() => box.decrypt(`v1.${body.toString('base64url')}`)).toThrow(SecretDecryptionError);
    expect(() => box.decrypt('not-a-secret')).toThrow(SecretDecryptionError);
  });

  test('when no secrets key is configured, then one derived from the auth secret is stable', () => {
    const authSecret = 'x'.repeat(40);
    const stored = createSecretBox({ authSecret }).encrypt('kept across restarts');
    expect(createSecretBox({ authSecret }).decrypt(stored)).toBe('kept across restarts');
    expect(() => createSecretBox({ secretsKey: key, authSecret }).decrypt(stored)).toThrow();
  });

  test('when a secret is masked, then only its last 4 characters show', () => {
    expect(maskSecret('sk-abcdefgh1234')).toEqual({ set: true, masked: '••••1234' });
    expect(maskSecret(null)).toEqual({ set: false, masked: null });
  });
});
