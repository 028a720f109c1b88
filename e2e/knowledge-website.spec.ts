import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  signInWithApi,
  test,
} from './fixtures';

const siteDir = fileURLToPath(
  new URL('../../shared/testdata/website/sbtools-pkgdown/', import.meta.url),
);
const shots = 'test-results/screens/knowledge';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.css': 'text/css',
  '.js': 'text/javascript',
};

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

type Site = {
  origin: string;
  server: Server;
  // Holds every request until the returned function is called, so that a crawl stays busy for as
  // long as the test needs to see it busy.
  pause: () => () => void;
};

// The site as its owner would publish it: static files, no robots.txt, and the sitemap.xml that
// pkgdown wrote with root-relative <loc> entries.
async function serveSite(): Promise<Site> {
  let paused: Promise<void> | null = null;
  const server = createServer((request, response) => {
    void (async () => {
      if (paused) await paused;
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname);
      let file = path.join(siteDir, path.normalize(pathname));
      try {
        if (!file.startsWith(siteDir.replace(/\/$/, ''))) throw new Error('outside the site');
        if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
        const body = await readFile(file);
        response.writeHead(200, {
          'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
        });
        response.end(body);
      } catch {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('not found');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const pause = () => {
    let release!: () => void;
    paused = new Promise<void>((resolve) => (release = resolve));
    return () => {
      paused = null;
      release();
    };
  };
  return { origin: `http://127.0.0.1:${port}`, server, pause };
}

async function createBot(request: APIRequestContext, name: string) {
  const response = await request.post(`${baseUrl()}/api/bots`, {
    headers: { Origin: new URL(baseUrl()).origin },
    data: {
      name,
      description: '',
      tone: 'professional',
      goal: 'support',
      instructions: '',
      starterQuestions: [],
      fallbackMessage: 'Sorry, I do not know that yet.',
      widgetConfig: {
        primaryColor: '#1E40AF',
        buttonColor: '#1E40AF',
        textColor: '#1F2937',
        fontFamily: 'Inter, sans-serif',
        welcomeMessage: 'Hello! How can I help you today?',
        placeholderText: 'Type your message...',
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('a customer adds their website, sees every page with its status, and the Training tab follows', async ({
  page,
  browser,
}) => {
  test.slow();
  const site = await serveSite();
  try {
    const owner = await registerTestCustomer(page.request, { verified: true, name: 'Wes Web' });
    await signInWithApi(page.request, baseUrl(), owner.email, owner.password);
    const botId = await createBot(page.request, 'Docs Dora');

    await page.goto(`/dashboard/documents?botId=${botId}`);
    await page.getByRole('tab', { name: 'Websites' }).click();
    await page.getByLabel('Website address').fill(`${site.origin}/`);
    await page.getByLabel('Sync').selectOption('weekly');
    await page.getByRole('button', { name: 'Add website' }).click();

    const row = page.getByTestId('website-row').filter({ hasText: site.origin });
    await expect(row).toContainText('Processed', { timeout: 45_000 });
    const schedule = row.getByLabel(/^Re-sync schedule for/);
    await expect(schedule).toHaveValue('weekly');
    await expect(row).toContainText('Last synced');
    // pkgdown's sitemap lists 65 pages by root-relative path; the crawler resolves every one.
    await expect(row).toContainText(/6\d pages/);

    await row.getByRole('button', { name: 'Pages' }).click();
    const pages = row.getByRole('listitem');
    await expect(pages.filter({ hasText: 'Articles' }).first()).toBeVisible();
    const reference = pages.filter({
      has: page.locator(`a[href="${site.origin}/reference/query_sb.html"]`),
    });
    await expect(reference).toContainText('indexed');
    await expect(reference).toContainText(/[1-9]\d* chunks/);
    // pkgdown's own 404 page is in the sitemap; it is read like any other page.
    await expect(
      pages
        .filter({ hasText: '404.html' })
        .or(pages.filter({ hasText: 'Page not found' }))
        .first(),
    ).toBeVisible();
    await page.screenshot({ path: `${shots}/websites-desktop.png`, fullPage: true });

    // A second sync reads the same content again: nothing is re-indexed.
    await row.getByRole('button', { name: 'Sync now' }).click();
    await expect(reference).toContainText('unchanged', { timeout: 45_000 });
    await expect(row).toContainText('Processed', { timeout: 45_000 });

    // The schedule can be changed afterwards, and the change is kept.
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.status() === 200,
    );
    await schedule.selectOption('daily');
    await saved;
    await page.reload();
    await page.getByRole('tab', { name: 'Websites' }).click();
    await expect(row.getByLabel(/^Re-sync schedule for/)).toHaveValue('daily');

    // Loaded at phone width, so the picture shows the page and not the sidebar sliding away.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('tab', { name: 'Websites' }).click();
    await row.getByRole('button', { name: 'Pages' }).click();
    await expect(reference).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/websites-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/dashboard/bots/${botId}`);
    await page.getByRole('tab', { name: 'Training' }).click();
    const sources = page.getByRole('list', { name: 'Knowledge sources' });
    await expect(sources).toContainText(site.origin.replace('http://', ''));
    await expect(sources).toContainText(/Website · 6[0-9] pages/);
    await expect(sources).toContainText('Processed');
    const steps = page.getByRole('list', { name: 'Training steps' });
    await expect(steps.getByRole('listitem')).toHaveCount(4);
    for (const step of [
      'Document Processing',
      'Knowledge Extraction',
      'AI Training',
      'Final Optimization',
    ]) {
      await expect(steps.getByRole('listitem').filter({ hasText: step })).toContainText('Complete');
    }
    await expect(page.getByRole('button', { name: 'Start Training' })).toBeEnabled();
    await page.screenshot({ path: `${shots}/training-website-desktop.png`, fullPage: true });

    const search = await page.request.get(
      `${baseUrl()}/api/bots/${botId}/search?${new URLSearchParams({ q: 'How do I log in to ScienceBase?' })}`,
    );
    const hits = (await search.json()) as Array<{ url: string | null }>;
    expect(hits[0]?.url).toMatch(new RegExp(`^${site.origin}/`));

    // A website is re-crawled on every run: the owner is told what is being read, and the button
    // shows the spec's busy state while it is. The site holds its answers meanwhile: a re-crawl of
    // unchanged pages can end before the page is looked at.
    const resume = site.pause();
    try {
      await page.getByRole('button', { name: 'Start Training' }).click();
      await expect(page.getByText('Re-reading 1 changed source…')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Training...' })).toBeDisabled();
    } finally {
      resume();
    }
    await expect(page.getByRole('button', { name: 'Start Training' })).toBeEnabled({
      timeout: 60_000,
    });

    const strangerContext = await browser.newContext({ baseURL: baseUrl() });
    const stranger = await strangerContext.newPage();
    const account = await registerTestCustomer(stranger.request, { verified: true });
    await signInWithApi(stranger.request, baseUrl(), account.email, account.password);
    await stranger.goto('/dashboard/documents');
    await stranger.getByRole('tab', { name: 'Websites' }).click();
    await expect(stranger.getByText(site.origin)).toHaveCount(0);
    await strangerContext.close();
  } finally {
    site.server.closeAllConnections();
    await new Promise((resolve) => site.server.close(resolve));
  }
});
