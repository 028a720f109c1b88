import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../scripts/spawn-server';

// What a host page pays for the snippet: the loader script, raw and gzipped.
export async function runWidgetSizeBenchmark() {
  const build = spawnSync('npm', ['run', 'build', '-w', '@askwell/widget', '--silent'], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error('widget build failed');
  const loader = await readFile(path.join(repoRoot, 'apps/widget/dist/widget.js'));
  return {
    loader_bytes: loader.length,
    loader_gzip_bytes: gzipSync(loader, { level: 9 }).length,
    loader_budget_gzip_bytes: 5 * 1024,
  };
}
