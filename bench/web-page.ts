// Parts of this file run inside the page (page.evaluate), so it needs the browser's types too.
/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { repoRoot, spawnServer } from '../scripts/spawn-server';

const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const pagePath = process.env.BENCH_WEB_PATH ?? '/';

type Round = {
  jsTransferred: number;
  jsDecoded: number;
  jsFiles: string[];
  htmlTransferred: number;
  htmlDecoded: number;
  lcpMs: number;
  lcpElement: string;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

// The marketing home page as a first-time visitor gets it: Chromium with an empty cache (a new
// browser context per round) over loopback, the production server sending what the build wrote.
export async function runWebPageBenchmark() {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/pages/index.html'))) {
    throw new Error('The web app is not built with its pre-rendered pages: run `npm run build`.');
  }
  const server = await spawnServer({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    AUTH_SECRET: randomBytes(32).toString('hex'),
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const url = `${server.baseUrl}${pagePath}`;
    const measured: Round[] = [];
    // The first round warms the server (and the OS file cache), not the browser: it is dropped.
    for (let round = 0; round <= rounds; round++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const store = window as unknown as { __lcp: { time: number; element: string } };
        store.__lcp = { time: 0, element: '' };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
            const element = entry.element;
            store.__lcp = {
              time: entry.startTime,
              element: element
                ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`
                : '',
            };
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      const result = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const scripts = resources.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
        const [navigation] = performance.getEntriesByType(
          'navigation',
        ) as PerformanceNavigationTiming[];
        const lcp = (window as unknown as { __lcp: { time: number; element: string } }).__lcp;
        return {
          jsTransferred: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
          jsDecoded: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
          jsFiles: scripts.map((entry) => new URL(entry.name).pathname),
          htmlTransferred: navigation?.encodedBodySize ?? 0,
          htmlDecoded: navigation?.decodedBodySize ?? 0,
          lcpMs: lcp.time,
          lcpElement: lcp.element,
        };
      });
      await context.close();
      if (round > 0) measured.push(result);
    }

    // The same scripts as gzip -9 would send them, to compare with a gzip budget whatever the
    // server negotiated (it prefers brotli).
    const last = measured.at(-1)!;
    let jsGzip = 0;
    for (const file of last.jsFiles) {
      const response = await fetch(`${server.baseUrl}${file}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      jsGzip += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    }
    const lcps = measured.map((round) => round.lcpMs);
    return {
      page: pagePath,
      rounds,
      cache: 'cold (new browser context per round)',
      network: 'loopback',
      js_requests: last.jsFiles.length,
      js_transferred_bytes: median(measured.map((round) => round.jsTransferred)),
      js_gzip_bytes: jsGzip,
      js_decoded_bytes: last.jsDecoded,
      js_budget_gzip_bytes: 90 * 1024,
      html_transferred_bytes: median(measured.map((round) => round.htmlTransferred)),
      html_decoded_bytes: last.htmlDecoded,
      lcp_ms: {
        p50: Math.round(median(lcps)),
        max: Math.round(Math.max(...lcps)),
      },
      lcp_element: last.lcpElement,
      lcp_budget_ms: 1000,
      load_average: os.loadavg().map((value) => Number(value.toFixed(2))),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
