import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type SpawnedServer = {
  baseUrl: string;
  dataDir: string;
  pid: number;
  // What the server printed until it was ready (its start-up log).
  startupOutput: string;
  stop: () => Promise<void>;
  // SIGKILL, as a crash or the OOM killer would; the data folder is left as it was.
  kill: () => Promise<void>;
};

type SpawnOptions = {
  // Reuse a data folder (a restart after a crash); it is then left in place on stop.
  dataDir?: string;
  // Another entry point (the worker) and the line it prints once ready.
  entry?: string;
  ready?: RegExp;
};

// Starts the real server as `npm start` does (without building), on a free port and a throw-away
// data folder, and resolves with the URL it prints. Used by the e2e suite, API tests that need a
// real process, and the benchmarks.
export async function spawnServer(
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<SpawnedServer> {
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'askwell-server-')));
  const entry = options.entry ?? 'apps/api/src/server.ts';
  const server = spawn(process.execPath, ['--import', 'tsx', entry], {
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
      const match = (options.ready ?? /Askwell is running at (http:\/\/\S+)/).exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? '');
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

  const endWith = async (signal: NodeJS.Signals) => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill(signal);
    await exited;
  };
  return {
    baseUrl,
    dataDir,
    pid: server.pid!,
    startupOutput: output,
    stop: async () => {
      await endWith('SIGTERM');
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
    kill: () => endWith('SIGKILL'),
  };
}
