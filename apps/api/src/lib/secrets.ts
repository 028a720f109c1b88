import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;

export class SecretDecryptionError extends Error {
  constructor() {
    super('A stored secret could not be decrypted (was SECRETS_KEY or AUTH_SECRET changed?)');
    this.name = 'SecretDecryptionError';
  }
}

// Provider keys, webhook secrets and payment secrets are stored as AES-256-GCM ciphertext. The
// key comes from SECRETS_KEY; without it, it is derived from the auth secret so a local install
// works with no configuration (changing either then makes stored secrets unreadable).
export class SecretBox {
  private readonly key: Buffer;

  constructor(material: string) {
    if (material.length < 32) throw new Error('The secrets key must be at least 32 characters');
    this.key = Buffer.from(
      hkdfSync('sha256', material, 'askwell', 'askwell secrets at rest v1', 32),
    );
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const packed = Buffer.concat([iv, cipher.getAuthTag(), body]);
    return `${version}.${packed.toString('base64url')}`;
  }

  decrypt(stored: string): string {
    const [prefix, encoded] = stored.split('.', 2);
    if (prefix !== version || !encoded) throw new SecretDecryptionError();
    const packed = Buffer.from(encoded, 'base64url');
    if (packed.length < ivBytes + tagBytes) throw new SecretDecryptionError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, packed.subarray(0, ivBytes));
      decipher.setAuthTag(packed.subarray(ivBytes, ivBytes + tagBytes));
      const body = packed.subarray(ivBytes + tagBytes);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptionError();
    }
  }

  // For optional columns: null stays null.
  encryptNullable(plaintext: string | null | undefined) {
    return plaintext ? this.encrypt(plaintext) : null;
  }

  decryptNullable(stored: string | null | undefined) {
    return stored ? this.decrypt(stored) : null;
  }
}

export function createSecretBox({
  secretsKey,
  authSecret,
}: {
  secretsKey?: string;
  authSecret: string;
}) {
  return new SecretBox(secretsKey ?? `derived-from-auth-secret:${authSecret}`);
}

// What the browser may see of a stored secret.
export function maskSecret(plaintext: string | null) {
  if (!plaintext) return { set: false, masked: null };
  return { set: true, masked: `••••${plaintext.slice(-4)}` };
}
