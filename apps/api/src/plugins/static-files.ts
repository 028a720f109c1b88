import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { isApiPath, sendError } from './errors';

const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const defaultWebDistDir = path.join(appsDir, 'web/dist');
export const defaultWidgetDistDir = path.join(appsDir, 'widget/dist');

type Options = { webDistDir: string; widgetDistDir: string; publicUrl?: string };

// The web build writes each public page as HTML under dist/pages (apps/web/scripts/prerender.mjs),
// with this marker where the site's own address goes (canonical URL, og:url, code examples).
const pagesFolder = 'pages';
const originMarker = /__ASKWELL_ORIGIN__/g;
const hostPattern = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

// URL path -> pre-rendered HTML: `/` is pages/index.html, `/docs/api` is pages/docs/api.html.
function readPrerenderedPages(webDistDir: string) {
  const pages = new Map<string, string>();
  const root = path.join(webDistDir, pagesFolder);
  if (!existsSync(root)) return pages;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.html')) {
        const route = path.relative(root, file).slice(0, -'.html'.length).split(path.sep).join('/');
        pages.set(route === 'index' ? '/' : `/${route}`, readFileSync(file, 'utf8'));
      }
    }
  };
  walk(root);
  return pages;
}

type Encoding = 'br' | 'gzip' | 'identity';

function preferredEncoding(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

function encode(html: string, encoding: Encoding) {
  if (encoding === 'br') {
    return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
  }
  if (encoding === 'gzip') return gzipSync(html);
  return Buffer.from(html);
}

export async function registerStaticFiles(app: FastifyInstance, options: Options) {
  const webBuilt = existsSync(path.join(options.webDistDir, 'index.html'));
  const widgetFile = path.join(options.widgetDistDir, 'widget.js');

  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each asset; the smallest the browser accepts is sent.
      preCompressed: true,
      // Pre-rendered pages are served at their own paths (below), not under /pages/.
      allowedPath: (pathName) => !pathName.startsWith(`/${pagesFolder}/`),
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash in every asset name, so they never change under one URL.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const pages = webBuilt ? readPrerenderedPages(options.webDistDir) : new Map<string, string>();
  const fixedOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  // Compressed once per page, origin and encoding; the set of origins a server answers to is small,
  // and a flood of made-up Host headers only empties the cache.
  const encoded = new Map<string, Buffer>();
  const sendPage = (request: FastifyRequest, reply: FastifyReply, url: string, html: string) => {
    const origin =
      fixedOrigin ??
      (hostPattern.test(request.host)
        ? `${request.protocol}://${request.host}`
        : 'http://localhost');
    const encoding = preferredEncoding(request);
    const key = `${url}|${origin}|${encoding}`;
    let body = encoded.get(key);
    if (!body) {
      if (encoded.size >= 500) encoded.clear();
      body = encode(html.replace(originMarker, origin), encoding);
      encoded.set(key, body);
    }
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(body);
  };
  for (const [url, html] of pages) {
    app.get(url, { config: { access: 'public' } }, (request, reply) =>
      sendPage(request, reply, url, html),
    );
  }

  app.get('/widget.js', async (_request, reply) => {
    if (!existsSync(widgetFile)) {
      return sendError(
        reply,
        new AppError('not_found', 'The widget is not built. Run npm run build.'),
      );
    }
    // Host pages on any origin load this script, so it must not be same-origin only.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.header('cache-control', 'public, max-age=300');
    return reply.sendFile('widget.js', options.widgetDistDir);
  });

  // The chat panel the loader injects on first open; its name carries a content hash.
  app.get<{ Params: { file: string } }>('/widget-assets/:file', async (request, reply) => {
    const { file } = request.params;
    const filePath = path.join(options.widgetDistDir, 'assets', file);
    if (!/^[\w-]+\.js$/.test(file) || !existsSync(filePath)) {
      return sendError(reply, new AppError('not_found', 'Not found.'));
    }
    reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return reply.sendFile(file, path.join(options.widgetDistDir, 'assets'));
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !isApiPath(request);
    if (wantsPage && webBuilt) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html', options.webDistDir);
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build`, or use `npm start`.');
    }
    return sendError(reply, new AppError('not_found', 'Not found.'));
  });
}
