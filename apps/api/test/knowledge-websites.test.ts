import type { Bot, KnowledgeHit, KnowledgeSource, WebsitePage } from '@askwell/shared';
import { botDefaults } from '@askwell/shared';
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { parseEnv } from '../src/config/env';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';
import { testdataDir } from './support/testdata';

// The pkgdown site from the shared test data, served on loopback as its owner would publish it
// (its sitemap.xml lists root-relative paths), with pages that a test can change or take down.
const siteDir = path.join(testdataDir, 'website/sbtools-pkgdown');

type Site = {
  origin: string;
  overrides: Map<string, string | null>;
  robots: string | null;
  server: Server;
};

async function serveSite(): Promise<Site> {
  const site = { overrides: new Map<string, string | null>(), robots: null } as Site;
  site.server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname);
      if (pathname === '/robots.txt' && site.robots !== null) {
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end(site.robots);
      }
      if (site.overrides.has(pathname)) {
        const body = site.overrides.get(pathname);
        response.writeHead(body === null ? 404 : 200, { 'content-type': 'text/html' });
        return response.end(body ?? 'not found');
      }
      let file = path.join(siteDir, path.normalize(pathname));
      try {
        if (!file.startsWith(siteDir)) throw new Error('outside the site');
        if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
        const body = await readFile(file);
        const type = file.endsWith('.xml')
          ? 'application/xml'
          : file.endsWith('.html')
            ? 'text/html; charset=utf-8'
            : 'application/octet-stream';
        response.writeHead(200, { 'content-type': type });
        response.end(body);
      } catch {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('not found');
      }
    })();
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  return site;
}

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let stranger: BrowserClient;
let site: Site;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await serveSite();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  owner = await signUpCustomer(context, sink, 'site-owner@shop.test', '10.5.0.1');
  stranger = await signUpCustomer(context, sink, 'site-stranger@other.test', '10.5.0.2');
});
afterAll(async () => {
  await context.close();
  await sink.close();
  site.server.closeAllConnections();
  await new Promise((resolve) => site.server.close(resolve));
});

async function newBot(name: string) {
  return (await owner.post('/api/bots', { ...botDefaults, name })).json<Bot>();
}

async function settled(sourceId: string, after?: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const source = (await owner.get('/api/sources'))
      .json<KnowledgeSource[]>()
      .find((item) => item.id === sourceId);
    if (!source) throw new Error(`source ${sourceId} disappeared`);
    const finished = source.status === 'completed' || source.status === 'failed';
    if (finished && (!after || source.updatedAt > after)) return source;
    if (Date.now() > deadline) throw new Error(`website stuck in ${source.status}/${source.stage}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function pagesOf(sourceId: string) {
  return (await owner.get(`/api/sources/${sourceId}/pages`)).json<WebsitePage[]>();
}

async function search(botId: string, q: string) {
  return (await owner.get(`/api/bots/${botId}/search?${new URLSearchParams({ q })}`)).json<
    KnowledgeHit[]
  >();
}

describe('website sources', () => {
  let bot: Bot;
  let website: KnowledgeSource;

  test('when a website is added, then its pages are read from the root-relative sitemap, each with its status, and become searchable with their address', async () => {
    bot = await newBot('Site bot');
    const added = await owner.post(`/api/bots/${bot.id}/websites`, {
      url: `${site.origin}/`,
      syncSchedule: 'weekly',
    });
    expect(added.statusCode).toBe(201);
    website = await settled(added.json<KnowledgeSource>().id);
    expect(website).toMatchObject({ kind: 'website', status: 'completed', syncSchedule: 'weekly' });
    expect(website.lastSyncedAt).not.toBeNull();
    // 65 sitemap entries (by root-relative path) and the start address itself.
    expect(website.pageCount).toBe(66);

    const pages = await pagesOf(website.id);
    expect(pages).toHaveLength(66);
    const querySb = pages.find((page) => page.url === `${site.origin}/reference/query_sb.html`);
    expect(querySb).toMatchObject({ status: 'indexed' });
    expect(querySb!.chunkCount).toBeGreaterThan(0);
    expect(querySb!.title).toContain('query_sb');
    expect(pages.every((page) => page.url.startsWith(site.origin))).toBe(true);

    const hits = await search(bot.id, 'Query SB for items using generic query parameters');
    expect(hits.map((hit) => hit.url)).toContain(`${site.origin}/reference/query_sb.html`);
    expect(hits.every((hit) => hit.url?.startsWith(`${site.origin}/`))).toBe(true);
  });

  test('when a page changes and another disappears, then a sync re-indexes only the changed page and removes the gone one with its passages', async () => {
    const before = website.updatedAt;
    site.overrides.set(
      '/reference/item_get.html',
      '<html><head><title>Retrieve an item</title></head><body><main><h1>Retrieve SB item</h1>' +
        '<p>The retrieval of a ScienceBase item now needs a zanzibar token in every request.</p>' +
        '</main></body></html>',
    );
    site.overrides.set('/reference/item_rm.html', null);
    const synced = await owner.post(`/api/sources/${website.id}/sync`);
    expect(synced.statusCode).toBe(202);
    website = await settled(website.id, before);
    expect(website.status).toBe('completed');

    const pages = await pagesOf(website.id);
    const byPath = (pathname: string) => pages.find((page) => page.url === site.origin + pathname);
    expect(byPath('/reference/item_get.html')).toMatchObject({ status: 'indexed' });
    expect(byPath('/reference/query_sb.html')).toMatchObject({ status: 'unchanged' });
    expect(byPath('/reference/item_rm.html')).toMatchObject({ status: 'failed' });
    expect(byPath('/reference/item_rm.html')!.chunkCount).toBe(0);

    expect((await search(bot.id, 'zanzibar token'))[0]?.url).toBe(
      `${site.origin}/reference/item_get.html`,
    );
    const removed = await search(bot.id, 'Remove item from SB item_rm');
    expect(removed.some((hit) => hit.url === `${site.origin}/reference/item_rm.html`)).toBe(false);
  });

  test('when pages leave the sitemap and robots.txt closes their folder, then none stays in the index and those no longer reachable are removed', async () => {
    const before = website.updatedAt;
    const sitemap = await readFile(path.join(siteDir, 'sitemap.xml'), 'utf8');
    site.overrides.set(
      '/sitemap.xml',
      sitemap.replace(/<url>\s*<loc>\/reference\/[^<]*<\/loc>\s*<\/url>/g, ''),
    );
    // Without the sitemap entries, links from the kept pages would still find them: cut those too.
    site.robots = 'User-agent: *\nDisallow: /reference/\n';
    await owner.post(`/api/sources/${website.id}/sync`);
    website = await settled(website.id, before);
    const pages = await pagesOf(website.id);
    const reference = pages.filter((page) => page.url.includes('/reference/'));
    // Reference pages are now either gone, or skipped by robots.txt with no passages left.
    expect(reference.every((page) => page.status === 'skipped' && page.chunkCount === 0)).toBe(
      true,
    );
    expect(pages.length).toBeLessThan(66);
    const hits = await search(bot.id, 'Query SB for items using generic query parameters');
    expect(hits.some((hit) => hit.url?.includes('/reference/'))).toBe(false);
    site.overrides.delete('/sitemap.xml');
    site.robots = null;
  });

  test('when robots.txt forbids a part of the site, then those pages are skipped with the reason', async () => {
    site.robots = 'User-agent: *\nDisallow: /articles/\n';
    try {
      const robotsBot = await newBot('Robots bot');
      const added = await owner.post(`/api/bots/${robotsBot.id}/websites`, {
        url: `${site.origin}/`,
      });
      const done = await settled(added.json<KnowledgeSource>().id);
      const pages = await pagesOf(done.id);
      const articles = pages.filter((page) => page.url.includes('/articles/'));
      expect(articles.length).toBeGreaterThan(0);
      for (const page of articles) {
        expect(page.status).toBe('skipped');
        expect(page.detail).toMatch(/robots/i);
      }
      expect(pages.some((page) => page.status === 'indexed')).toBe(true);
    } finally {
      site.robots = null;
    }
  });

  test('when a schedule is changed, then it is kept; when a scheduled sync is due, then a starting worker runs it', async () => {
    const patched = await owner.patch(`/api/sources/${website.id}`, { syncSchedule: 'daily' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<KnowledgeSource>().syncSchedule).toBe('daily');

    const lastSynced = website.lastSyncedAt!;
    await context.database.pool.query(
      `update knowledge_sources set next_sync_at = now() - interval '1 minute' where id = $1`,
      [website.id],
    );
    // A second instance on the same database sweeps at start-up, as a restarted server would.
    const other = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: context.databaseUrl }),
      database: context.database,
      logger: pino({ level: 'silent' }),
      authSecret: randomBytes(32).toString('hex'),
    });
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const current = (await owner.get('/api/sources'))
          .json<KnowledgeSource[]>()
          .find((item) => item.id === website.id)!;
        if (current.status === 'completed' && current.lastSyncedAt! > lastSynced) break;
        if (Date.now() > deadline) throw new Error('the due sync did not run');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await other.close();
    }
    const { rows } = await context.database.pool.query<{ due: boolean }>(
      `select next_sync_at > now() + interval '23 hours' as due from knowledge_sources where id = $1`,
      [website.id],
    );
    expect(rows[0]?.due).toBe(true);
  });

  test('when the address is not a web address or a document gets a schedule, then the request is refused with a reason', async () => {
    const bad = await owner.post(`/api/bots/${bot.id}/websites`, { url: 'ftp://files.example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { fields: Record<string, string> } }>().error.fields.url).toBe(
      'Please enter a full http:// or https:// address.',
    );
    const qa = await owner.post(`/api/bots/${bot.id}/qa`, {
      name: 'FAQ',
      pairs: [{ question: 'Do you ship abroad?', answer: 'Yes, to 30 countries.' }],
    });
    const notWebsite = await owner.patch(`/api/sources/${qa.json<KnowledgeSource>().id}`, {
      syncSchedule: 'daily',
    });
    expect(notWebsite.statusCode).toBe(400);
  });

  test("when another customer tries a website's routes, then it does not exist for them", async () => {
    expect((await stranger.get(`/api/sources/${website.id}/pages`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/sources/${website.id}/sync`)).statusCode).toBe(404);
    expect(
      (await stranger.patch(`/api/sources/${website.id}`, { syncSchedule: 'manual' })).statusCode,
    ).toBe(404);
    expect((await stranger.delete(`/api/sources/${website.id}`)).statusCode).toBe(404);
    expect(
      (await stranger.post(`/api/bots/${bot.id}/websites`, { url: `${site.origin}/` })).statusCode,
    ).toBe(404);
  });
});
