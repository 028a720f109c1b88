import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../scripts/spawn-server';
import { users } from '../src/db/schema';
import { createTestApp, type TestContext } from './helper';

let context: TestContext;
let dataDir: string;

beforeAll(async () => {
  context = await createTestApp();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'askwell-cli-'));
});

afterAll(async () => {
  await context?.close();
  await rm(dataDir, { recursive: true, force: true });
});

// The real command, as `npm run admin:create -- …` runs it.
function createAdmin(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli/create-admin.ts', ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: context.databaseUrl, DATA_DIR: dataDir },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function userRow(email: string) {
  const [row] = await context.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

const password = 'staff-password-long';

// Each case starts the real command (a TypeScript start-up of seconds) more than once: on a loaded
// two-core machine that alone can pass the default 30 s.
describe('npm run admin:create', { timeout: 120_000 }, () => {
  it('when a new staff address comes without --name, then nothing is created and the command asks for the name', async () => {
    const result = await createAdmin(['--email', 'ada@askwell.test', '--password', password]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("give the new staff member's full name with --name");
    expect(await userRow('ada@askwell.test')).toBeUndefined();
  });

  it('when --name is given, then the account carries that name, and a later --name renames it', async () => {
    const created = await createAdmin([
      '--email',
      'ada@askwell.test',
      '--password',
      password,
      '--role',
      'sales_manager',
      '--name',
      'Ada Lovelace',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(await userRow('ada@askwell.test')).toMatchObject({
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'sales_manager',
    });

    const renamed = await createAdmin([
      '--email',
      'ada@askwell.test',
      '--password',
      password,
      '--name',
      'Ada King Lovelace',
    ]);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(await userRow('ada@askwell.test')).toMatchObject({
      name: 'Ada King Lovelace',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      role: 'super_admin',
    });
  });
});
