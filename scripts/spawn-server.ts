import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type SpawnedServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

// Starts the real server as `npm start` does (without building), on a free port and a throw-away
// data folder, and resolves with the URL it prints. Used by the e2e suite and the benchmarks.
export async function spawnServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'askwell-server-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });

  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Askwell is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code}:\n${output}`));
    });
  });
  // Keep draining stdout so a chatty server never blocks on a full pipe.
  server.stdout.removeAllListeners('data');
  server.stdout.resume();

  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
