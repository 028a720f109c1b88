import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../scripts/spawn-server';

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

// What a host page pays: the loader on every page view, and loader plus the lazily loaded chat
// panel once a visitor opens the chat.
export async function runWidgetSizeBenchmark() {
  const build = spawnSync('npm', ['run', 'build', '-w', '@askwell/widget', '--silent'], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error('widget build failed');
  const dist = path.join(repoRoot, 'apps/widget/dist');
  const loader = await readFile(path.join(dist, 'widget.js'));
  const chunks = await Promise.all(
    (await readdir(path.join(dist, 'assets')))
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFile(path.join(dist, 'assets', name))),
  );
  const panelGzip = chunks.reduce((sum, chunk) => sum + gzip(chunk), 0);
  return {
    loader_bytes: loader.length,
    loader_gzip_bytes: gzip(loader),
    loader_budget_gzip_bytes: 5 * 1024,
    panel_bytes: chunks.reduce((sum, chunk) => sum + chunk.length, 0),
    panel_gzip_bytes: panelGzip,
    open_chat_gzip_bytes: gzip(loader) + panelGzip,
    open_chat_budget_gzip_bytes: 30 * 1024,
  };
}
