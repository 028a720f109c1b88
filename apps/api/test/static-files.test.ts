import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
