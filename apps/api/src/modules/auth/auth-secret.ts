import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../../config/env';

// Sessions are signed with AUTH_SECRET. A local install without one gets a random secret kept in
// DATA_DIR, so sign-ins survive restarts; production requires the variable (env.ts).
export async function resolveAuthSecret(env: Env): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, 'auth.secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('base64url');
  await mkdir(env.DATA_DIR, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
