import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

// The panel is built first and named by its content hash, so it can be cached for a year while
// widget.js (cached briefly) always points at the current one.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
await rm(dist, { recursive: true, force: true });

await build({ root, mode: 'panel', logLevel: 'warn' });
const panelBuild = path.join(dist, '.panel', 'panel.js');
const panel = await readFile(panelBuild);
const fileName = `panel-${createHash('sha256').update(panel).digest('hex').slice(0, 10)}.js`;
await mkdir(path.join(dist, 'assets'), { recursive: true });
await writeFile(path.join(dist, 'assets', fileName), panel);
await rm(path.join(dist, '.panel'), { recursive: true, force: true });

process.env.ASKWELL_PANEL_FILE = fileName;
await build({ root, mode: 'production', logLevel: 'warn' });
