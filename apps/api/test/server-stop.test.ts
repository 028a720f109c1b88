import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../scripts/spawn-server';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

// A Ctrl-C in a terminal signals the whole process group: the server and its embedded PostgreSQL
// at once. Either way a stop is routine and must read as one.
describe('stopping the server', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`when the process group gets ${signal}, then the server exits 0 with no warning or error logged`, async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'askwell-stop-'));
      folders.push(dataDir);
      const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: '',
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          RUN_WORKERS: 'true',
        },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      await expect
        .poll(() => output.includes('Askwell is running at'), { timeout: 90_000, interval: 200 })
        .toBe(true);

      process.kill(-server.pid!, signal);
      expect(await exited).toBe(0);
      const entries = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      // What start-up says (a development-mode notice is a warning on purpose) is not the stop's.
      const stopBegan = entries.findIndex((entry) => entry.msg === 'shutting down');
      expect(stopBegan).toBeGreaterThan(-1);
      expect(entries.slice(stopBegan).filter((entry) => entry.level >= 40)).toEqual([]);
    }, 120_000);
  }
});
