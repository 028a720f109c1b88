import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractDocument } from '../apps/api/src/modules/knowledge/extraction/extract-document';
import { repoRoot } from '../scripts/spawn-server';

const pdftotext = '/usr/bin/pdftotext';
const modulePath = path.join(
  repoRoot,
  'apps/api/src/modules/knowledge/extraction/extract-document.ts',
);

// Our PDF extraction against poppler's pdftotext on the shared PDFs, plus the time and peak
// memory of the largest one measured in a fresh process so earlier files do not inflate it.
export async function runPdfExtractionBenchmark() {
  const dir = path.join(repoRoot, '../shared/testdata/docs/pdf');
  const files = (await readdir(dir)).filter((name) => name.endsWith('.pdf')).sort();
  const sizes = await Promise.all(
    files.map(async (name) => (await stat(path.join(dir, name))).size),
  );

  // The first pass pays for loading and compiling pdf.js once, as a starting server does; the
  // second is what every later upload costs. pdftotext is a new process per file either way.
  const pass = async () => {
    let ms = 0;
    let ok = 0;
    for (const name of files) {
      const bytes = new Uint8Array(await readFile(path.join(dir, name)));
      const started = performance.now();
      const result = await extractDocument(bytes, name);
      ms += performance.now() - started;
      if (result.ok) ok++;
    }
    return { ms, ok };
  };
  const cold = await pass();
  const { ms: oursMs, ok } = await pass();

  let poppler: Record<string, unknown> = { pdftotext: 'not installed' };
  if (existsSync(pdftotext)) {
    const started = performance.now();
    for (const name of files) {
      spawnSync(pdftotext, ['-q', path.join(dir, name), '-'], { stdio: 'ignore' });
    }
    const popplerMs = performance.now() - started;
    poppler = {
      pdftotext_total_ms: Math.round(popplerMs),
      ratio: Number((oursMs / popplerMs).toFixed(2)),
      ratio_first_pass: Number((cold.ms / popplerMs).toFixed(2)),
    };
  }

  const largestIndex = sizes.indexOf(Math.max(...sizes));
  const largest = path.join(dir, files[largestIndex]!);
  const probe = `
    import { readFileSync } from 'node:fs';
    const { extractDocument } = await import(${JSON.stringify(pathToFileURL(modulePath).href)});
    const bytes = new Uint8Array(readFileSync(${JSON.stringify(largest)}));
    const started = performance.now();
    const result = await extractDocument(bytes);
    const ms = performance.now() - started;
    process.stdout.write(JSON.stringify({ ms, ok: result.ok, maxRssKb: process.resourceUsage().maxRSS }));
  `;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', probe],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  const measured = JSON.parse(child.stdout || '{}') as {
    ms?: number;
    ok?: boolean;
    maxRssKb?: number;
  };

  return {
    load_average_1m: Number(os.loadavg()[0]!.toFixed(2)),
    files: files.length,
    extracted_ok: ok,
    target_ratio: 3,
    ours_total_ms: Math.round(oursMs),
    ours_first_pass_ms: Math.round(cold.ms),
    ...poppler,
    largest_file: files[largestIndex],
    largest_bytes: sizes[largestIndex],
    largest_ms: measured.ms === undefined ? null : Math.round(measured.ms),
    largest_ok: measured.ok ?? null,
    largest_peak_rss_mb:
      measured.maxRssKb === undefined ? null : Math.round(measured.maxRssKb / 1024),
  };
}
