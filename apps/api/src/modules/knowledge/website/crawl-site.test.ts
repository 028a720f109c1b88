import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { crawlSite } from './crawl-site';
import type { CrawledPage, CrawlOptions } from './crawl-site';

// The test data sits beside the repository (CI: $D/askwell and $D/shared), never at a fixed path.
const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url));
const websiteData = path.resolve(repoRoot, '../shared/testdata/website');
const siteDir = path.join(websiteData, 'sbtools-pkgdown');
const localhostSitemap = path.join(websiteData, 'sbtools-pkgdown.sitemap-localhost-8080.xml');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

type Route = (response: ServerResponse) => void;
type SiteOptions = {
  robots?: string;
  sitemapFile?: string | null;
  routes?: Record<string, Route>;
};
type TestSite = { origin: string; requested: string[] };

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

async function serveSite(options: SiteOptions = {}): Promise<TestSite> {
  const requested: string[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      requested.push(pathname);
      const route = options.routes?.[pathname];
      if (route) return route(response);
      if (pathname === '/robots.txt' && options.robots !== undefined) {
        response.writeHead(200, { 'content-type': contentTypes['.txt'] });
        return response.end(options.robots);
      }
      let file = path.join(siteDir, path.normalize(pathname));
      if (pathname === '/sitemap.xml') {
        if (options.sitemapFile === null) file = '';
        else if (options.sitemapFile) file = options.sitemapFile;
      }
      try {
        if (!file.startsWith(siteDir) && file !== options.sitemapFile) throw new Error('outside');
        if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
        const body = await readFile(file);
        const type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
        response.writeHead(200, { 'content-type': type });
        response.end(body);
      } catch {
        response.writeHead(404, { 'content-type': contentTypes['.txt'] });
        response.end('not found');
      }
    })();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, requested };
}

async function crawl(
  options: Partial<CrawlOptions> & { startUrl: string },
): Promise<CrawledPage[]> {
  const pages: CrawledPage[] = [];
  for await (const page of crawlSite({
    maxPages: 500,
    maxDepth: 3,
    allowPrivateNetwork: true,
    ...options,
  })) {
    pages.push(page);
  }
  return pages;
}

async function sitemapPaths(file: string): Promise<string[]> {
  const xml = await readFile(file, 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] as string, 'http://x').pathname,
  );
}

// Each case serves a real site on loopback; a loaded machine needs more than the unit default.
describe('crawlSite', { timeout: 30_000 }, () => {
  test('when the site has a sitemap with root-relative paths, then its pages come first and every page stays on the origin', async () => {
    const site = await serveSite();
    const expected = await sitemapPaths(path.join(siteDir, 'sitemap.xml'));

    const pages = await crawl({ startUrl: `${site.origin}/index.html` });

    const firstPaths = pages.slice(0, expected.length).map((page) => new URL(page.url).pathname);
    expect(new Set(firstPaths)).toEqual(new Set(expected));
    expect(pages.every((page) => new URL(page.url).origin === site.origin)).toBe(true);
    expect(pages.slice(0, expected.length).every((page) => page.depth === 0)).toBe(true);
    expect(new Set(pages.map((page) => page.url)).size).toBe(pages.length);
    expect(pages.filter((page) => !page.ok)).toEqual([]);

    const itemGet = pages.find((page) => page.url === `${site.origin}/reference/item_get.html`);
    expect(itemGet?.ok).toBe(true);
    if (!itemGet?.ok) return;
    const text = itemGet.sections
      .map((section) => `${section.heading ?? ''}\n${section.text}`)
      .join('\n');
    expect(text).toContain('Retrieves an item and its metadata from ScienceBase');
    expect(text).not.toContain('Developed by David Blodgett');
    expect(text).not.toContain('Changelog');
    expect(itemGet.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('when robots.txt disallows a path for our bot and names a localhost:8080 sitemap, then that page is skipped unrequested and the rest is crawled on the real origin', async () => {
    const site = await serveSite({
      sitemapFile: localhostSitemap,
      robots: [
        'User-agent: *',
        'Disallow: /',
        '',
        'User-agent: AskwellBot',
        'Disallow: /reference/item_get.html',
        '',
        'Sitemap: http://localhost:8080/sitemap.xml',
      ].join('\n'),
    });

    const pages = await crawl({ startUrl: `${site.origin}/`, maxDepth: 0 });

    const blocked = pages.find((page) => page.url.endsWith('/reference/item_get.html'));
    expect(blocked).toMatchObject({ ok: false, reason: 'robots' });
    expect(site.requested).not.toContain('/reference/item_get.html');
    expect(site.requested).toContain('/sitemap.xml');
    const expected = (await sitemapPaths(localhostSitemap)).filter(
      (p) => p !== '/reference/item_get.html',
    );
    const crawled = pages.filter((page) => page.ok).map((page) => new URL(page.url).pathname);
    expect(new Set(crawled)).toEqual(new Set(['/', ...expected]));
    expect(pages.every((page) => page.url.startsWith(`${site.origin}/`))).toBe(true);
  });

  test('when maxPages is smaller than the site, then no more than maxPages pages are fetched', async () => {
    const site = await serveSite();

    const pages = await crawl({ startUrl: `${site.origin}/index.html`, maxPages: 5 });

    expect(pages).toHaveLength(5);
    expect(pages[0]?.url).toBe(`${site.origin}/index.html`);
    const pageRequests = site.requested.filter((request) => request.endsWith('.html'));
    expect(pageRequests).toHaveLength(5);
  });

  test('when there is no sitemap, then same-origin links are followed breadth-first up to maxDepth', async () => {
    const site = await serveSite({ sitemapFile: null });
    const home = await readFile(path.join(siteDir, 'index.html'), 'utf8');
    const linkedFromHome = [...home.matchAll(/<a[^>]+href="([^"#:]+\.html)/g)]
      .map((match) => new URL(match[1] as string, `${site.origin}/index.html`).href)
      .filter((url) => url !== `${site.origin}/index.html`);

    const pages = await crawl({ startUrl: `${site.origin}/index.html`, maxDepth: 1 });

    expect(pages[0]).toMatchObject({ url: `${site.origin}/index.html`, depth: 0 });
    expect(new Set(pages.slice(1).map((page) => page.url))).toEqual(new Set(linkedFromHome));
    expect(pages.slice(1).every((page) => page.depth === 1)).toBe(true);
    expect(pages.some((page) => page.url.includes('github.com'))).toBe(false);
  });

  test('when the start URL is a sitemap index listing an image, then the image is reported not_html and the pages are crawled', async () => {
    const site = await serveSite({
      sitemapFile: localhostSitemap,
      routes: {
        '/sitemap-index.xml': (response) => {
          response.writeHead(200, { 'content-type': 'application/xml' });
          response.end(
            '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
              '<sitemap><loc>/sitemap.xml</loc></sitemap><sitemap><loc>/images.xml</loc></sitemap></sitemapindex>',
          );
        },
        '/images.xml': (response) => {
          response.writeHead(200, { 'content-type': 'text/xml' });
          response.end('<urlset><url><loc>/reference/Rplot001.png</loc></url></urlset>');
        },
      },
    });

    const pages = await crawl({ startUrl: `${site.origin}/sitemap-index.xml`, maxDepth: 0 });

    expect(pages.find((page) => page.url.endsWith('/reference/Rplot001.png'))).toMatchObject({
      ok: false,
      reason: 'not_html',
    });
    expect(pages.filter((page) => page.ok)).toHaveLength(
      (await sitemapPaths(localhostSitemap)).length,
    );
    expect(pages.some((page) => page.url.endsWith('.xml'))).toBe(false);
  });

  test('when a page redirects, times out or is too large, then each is reported with its reason', async () => {
    const site = await serveSite({
      sitemapFile: null,
      routes: {
        '/start.html': (response) => {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end(
            '<main><h1>Start</h1><p>Links to test pages.</p>' +
              '<a href="/moved">moved</a><a href="/elsewhere">elsewhere</a>' +
              '<a href="/slow">slow</a><a href="/huge">huge</a><a href="/empty">empty</a></main>',
          );
        },
        '/moved': (response) => {
          response.writeHead(301, { location: '/authors.html' });
          response.end();
        },
        '/elsewhere': (response) => {
          response.writeHead(302, { location: 'http://example.invalid/' });
          response.end();
        },
        '/slow': (response) => {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.write('<p>never finishes');
        },
        '/huge': (response) => {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end(Buffer.alloc(6 * 1024 * 1024, 'a'));
        },
        '/empty': (response) => {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end('<html><body><nav><a href="/">Home</a></nav></body></html>');
        },
      },
    });

    const pages = await crawl({
      startUrl: `${site.origin}/start.html`,
      maxDepth: 1,
      // Long enough for 6 MB on a loaded loopback to count as too large, not as slow.
      timeoutMs: 2_000,
    });

    const byUrl = new Map(pages.map((page) => [page.url, page]));
    expect(byUrl.get(`${site.origin}/authors.html`)).toMatchObject({ ok: true, depth: 1 });
    expect(byUrl.get(`${site.origin}/elsewhere`)).toMatchObject({
      ok: false,
      reason: 'http_error',
      detail: 'redirects off-site to http://example.invalid/',
    });
    expect(byUrl.get(`${site.origin}/slow`)).toMatchObject({ ok: false, reason: 'timeout' });
    expect(byUrl.get(`${site.origin}/huge`)).toMatchObject({ ok: false, reason: 'too_large' });
    expect(byUrl.get(`${site.origin}/empty`)).toMatchObject({ ok: false, reason: 'no_content' });
  });

  test('when private addresses are not allowed, then a site on 127.0.0.1 is refused before any request', async () => {
    const site = await serveSite();

    const pages = await crawl({
      startUrl: `${site.origin}/index.html`,
      allowPrivateNetwork: false,
    });

    expect(pages).toEqual([
      expect.objectContaining({
        url: `${site.origin}/index.html`,
        ok: false,
        reason: 'blocked_address',
      }),
    ]);
    expect(site.requested).toEqual([]);
  });
});
