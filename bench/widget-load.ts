// Parts of this file run inside the page (page.addInitScript, page.evaluate), so it needs the
// browser's types too.
/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { repoRoot } from '../scripts/spawn-server';
import { startBenchServer } from './chat-api';

const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
// What the widget promises a host page: no task of 50 ms or more on its main thread.
const longTaskBudgetMs = 50;
// Long tasks and layout shifts that come just after the launcher shows are still the load's.
const settleMs = 500;

type Round = {
  longTasks: number[];
  layoutShift: number;
  // From navigation start (performance.now() in the page) until the <askwell-widget> element was
  // added to the document, and until the first animation frame after that (the frame that paints
  // the launcher); -1 when it never appeared.
  launcherInDomMs: number;
  launcherFrameMs: number;
};

type PageStore = { __widgetLoad: Round };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const round1 = (value: number) => Number(value.toFixed(1));
const stats = (values: number[]) => ({
  p50: round1(median(values)),
  max: round1(Math.max(...values)),
});
const blockingTime = (tasks: number[]) =>
  tasks.reduce((sum, duration) => sum + Math.max(0, duration - longTaskBudgetMs), 0);

// A customer's website on its own loopback origin, with the embed snippet as the e2e suite's host
// page has it; `/bare` is the same page without the snippet, to tell the widget's cost from the
// page's and the machine's.
async function startHostSite(baseUrl: string, botId: string) {
  const snippet = `<script src="${baseUrl}/widget.js" data-bot-id="${botId}" data-position="bottom-right" data-theme="light" async></script>`;
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Harbour Bakery</title></head><body style="margin:0;font-family:Georgia,serif;background:#fffbeb"><main style="padding:32px;max-width:720px"><h1>Harbour Bakery</h1><p>Fresh bread, cakes and coffee since 1987. Visit us on Harbour Street.</p></main>${body}</body></html>`;
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://host').pathname;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(pathname === '/bare' ? page('') : page(snippet));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// One page load in a fresh browser context (empty cache, no storage from earlier rounds).
async function measureLoad(browser: Browser, url: string, withWidget: boolean): Promise<Round> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const store: Round = {
        longTasks: [],
        layoutShift: 0,
        launcherInDomMs: -1,
        launcherFrameMs: -1,
      };
      (window as unknown as PageStore).__widgetLoad = store;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) store.longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) store.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      const watcher = new MutationObserver((records) => {
        const added = records.some((record) =>
          [...record.addedNodes].some((node) => node.nodeName === 'ASKWELL-WIDGET'),
        );
        if (!added) return;
        store.launcherInDomMs = performance.now();
        watcher.disconnect();
        requestAnimationFrame(() => {
          store.launcherFrameMs = performance.now();
        });
      });
      watcher.observe(document, { childList: true, subtree: true });
    });
    // The bot's config must be served to this origin, or the round would measure a refused widget.
    const config = withWidget
      ? page.waitForResponse((response) => response.url().includes('/config?'))
      : undefined;
    // Handled below; this only keeps a failed round from becoming an unhandled rejection.
    config?.catch(() => undefined);
    await page.goto(url);
    if (withWidget) {
      await page.getByRole('button', { name: 'Open chat' }).waitFor({ state: 'visible' });
      const response = await config!;
      if (!response.ok()) throw new Error(`widget config: HTTP ${response.status()}`);
    }
    await page.waitForTimeout(settleMs);
    return await page.evaluate(() => (window as unknown as PageStore).__widgetLoad);
  } finally {
    await context.close();
  }
}

// The main-thread cost the widget loader puts on a customer's page: Chromium loads a small host
// page with the embed snippet from another origin (the production server on loopback), and the
// page's own PerformanceObservers record long tasks and layout shifts until the launcher shows.
export async function runWidgetLoadBenchmark() {
  for (const built of ['apps/widget/dist/widget.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(repoRoot, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first.`);
    }
  }
  const bench = await startBenchServer();
  let site: Awaited<ReturnType<typeof startHostSite>> | undefined;
  let browser: Browser | undefined;
  try {
    const { session, server } = bench;
    const bot = await session.request<{ id: string }>('POST', '/api/bots', {
      name: 'Harbour Bakery',
      description: '',
      tone: 'friendly',
      goal: 'support',
      instructions: '',
      starterQuestions: [],
      fallbackMessage: "I'm sorry, I don't know that yet.",
      allowedDomains: ['127.0.0.1'],
      widgetConfig: {
        primaryColor: '#0F766E',
        buttonColor: '#0F766E',
        textColor: '#1F2937',
        fontFamily: 'Inter, sans-serif',
        welcomeMessage: 'Hello! How can I help you today?',
        placeholderText: 'Ask about our bakery...',
      },
    });
    site = await startHostSite(server.baseUrl, bot.id);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

    // The first round warms the server and the OS file cache, not the browser: it is dropped.
    const measured: Round[] = [];
    const bare: Round[] = [];
    for (let round = 0; round <= rounds; round++) {
      const withWidget = await measureLoad(browser, `${site.origin}/`, true);
      const withoutWidget = await measureLoad(browser, `${site.origin}/bare`, false);
      if (round === 0) continue;
      if (withWidget.launcherFrameMs < 0) throw new Error('the launcher was never added');
      measured.push(withWidget);
      bare.push(withoutWidget);
    }

    const longest = (tasks: number[]) => (tasks.length > 0 ? Math.max(...tasks) : 0);
    return {
      page: 'host page on another loopback origin with the embed snippet (async)',
      rounds,
      cache: 'cold (new browser context per round)',
      network: 'loopback',
      long_tasks_per_load: stats(measured.map((load) => load.longTasks.length)),
      loads_with_long_task: measured.filter((load) => load.longTasks.length > 0).length,
      longest_task_ms: stats(measured.map((load) => longest(load.longTasks))),
      total_blocking_time_ms: stats(measured.map((load) => blockingTime(load.longTasks))),
      layout_shift_max: Number(Math.max(...measured.map((load) => load.layoutShift)).toFixed(4)),
      // Navigation start until the first animation frame after the launcher's element was added,
      // that is the frame that paints it.
      launcher_visible_ms: stats(measured.map((load) => load.launcherFrameMs)),
      launcher_in_dom_ms: stats(measured.map((load) => load.launcherInDomMs)),
      long_task_budget_ms: longTaskBudgetMs,
      // The same page without the snippet, loaded in the same rounds: long tasks here are the
      // browser's and the machine's, not the widget's.
      bare_page: {
        long_tasks_per_load: stats(bare.map((load) => load.longTasks.length)),
        longest_task_ms: stats(bare.map((load) => longest(load.longTasks))),
        total_blocking_time_ms: stats(bare.map((load) => blockingTime(load.longTasks))),
      },
      load_average: os.loadavg().map((value) => Number(value.toFixed(2))),
      cpus: os.cpus().length,
    };
  } finally {
    await browser?.close();
    await site?.close();
    await bench.stop();
  }
}
