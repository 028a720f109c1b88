import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';

describe('serving the web app and the widget', () => {
  let context: TestContext;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'askwell-static-'));
    const webDistDir = path.join(root, 'web');
    const widgetDistDir = path.join(root, 'widget');
    await mkdir(path.join(webDistDir, 'assets'), { recursive: true });
    await mkdir(widgetDistDir, { recursive: true });
    await writeFile(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><title>Askwell SPA</title>',
    );
    await writeFile(path.join(webDistDir, 'assets', 'index-abc123.js'), 'console.info(1)');
    await writeFile(path.join(widgetDistDir, 'widget.js'), '/* widget */');
    context = await createTestApp({ webDistDir, widgetDistDir });
  });
  afterAll(async () => {
    await context.close();
    await rm(root, { recursive: true, force: true });
  });

  test('when a page route is opened, then the SPA shell is served with security headers', async () => {
    for (const url of ['/', '/case-studies/banking', '/no/such/page']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Askwell SPA');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('when a hashed asset is fetched, then it is cached for a year', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('when an unknown API path is called, then it answers a JSON 404, not the SPA', async () => {
    for (const url of ['/api/nope', '/v1/nope']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
  });

  test('when a host page on another origin loads widget.js, then it is allowed cross-origin', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/widget.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('/* widget */');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });
});

describe('serving the pre-rendered public pages', () => {
  let root: string;
  let webDistDir: string;
  let widgetDistDir: string;
  const contexts: TestContext[] = [];
  const pricingHtml =
    '<!doctype html><html><head><title>Askwell — Pricing</title>' +
    '<link rel="canonical" href="__ASKWELL_ORIGIN__/pricing"></head>' +
    '<body><div id="root"><main><h2>Premium</h2><p>$49 per month</p></main></div></body></html>';

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'askwell-pages-'));
    webDistDir = path.join(root, 'web');
    widgetDistDir = path.join(root, 'widget');
    await mkdir(path.join(webDistDir, 'pages', 'docs'), { recursive: true });
    await mkdir(path.join(webDistDir, 'assets'), { recursive: true });
    await mkdir(widgetDistDir, { recursive: true });
    await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>SPA shell</title>');
    await writeFile(path.join(webDistDir, 'pages', 'index.html'), '<title>Home page</title>');
    await writeFile(path.join(webDistDir, 'pages', 'pricing.html'), pricingHtml);
    await writeFile(path.join(webDistDir, 'pages', 'docs', 'api.html'), '<title>API docs</title>');
    const script = 'export const answer = 42;\n'.repeat(100);
    await writeFile(path.join(webDistDir, 'assets', 'index-abc123.js'), script);
    await writeFile(path.join(webDistDir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    await writeFile(path.join(widgetDistDir, 'widget.js'), '/* widget */');
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await rm(root, { recursive: true, force: true });
  });

  async function start(envVars: Record<string, string> = {}) {
    const context = await createTestApp({ webDistDir, widgetDistDir, envVars });
    contexts.push(context);
    return context;
  }

  test('when /pricing is fetched without JavaScript, then its own HTML comes back with the plans and a canonical URL on the requested host', async () => {
    const { app } = await start();
    const response = await app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { host: 'shop.example.com:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('Premium');
    expect(response.body).toContain('$49 per month');
    expect(response.body).toContain(
      '<link rel="canonical" href="http://shop.example.com:8080/pricing">',
    );
    expect(response.body).not.toContain('__ASKWELL_ORIGIN__');

    for (const [url, title] of [
      ['/', 'Home page'],
      ['/docs/api', 'API docs'],
    ]) {
      expect((await app.inject({ method: 'GET', url: url! })).body).toContain(title);
    }
    // Pages that are not pre-rendered (the dashboard, sign-in) get the app's shell.
    for (const url of ['/dashboard', '/login', '/case-studies/unknown']) {
      expect((await app.inject({ method: 'GET', url })).body).toContain('SPA shell');
    }
  });

  test('when PUBLIC_URL is set, then canonical URLs use it whatever the Host header says', async () => {
    const { app } = await start({ PUBLIC_URL: 'https://askwell.example.com/' });
    const response = await app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { host: 'evil.example.net' },
    });
    expect(response.body).toContain('href="https://askwell.example.com/pricing"');
  });

  test('when a browser accepts brotli or gzip, then pages and assets arrive compressed', async () => {
    const { app } = await start();
    const page = await app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('$49 per month');

    const gzipped = await app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain('$49 per month');

    const asset = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asset.rawPayload).toString()).toContain('export const answer = 42;');
  });

  test('when the folder of pre-rendered pages is asked for directly, then it is not served', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: '/pages/pricing.html' });
    expect(response.body).not.toContain('$49 per month');
  });
});
