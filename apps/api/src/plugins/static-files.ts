import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { isApiPath, sendError } from './errors';

const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const defaultWebDistDir = path.join(appsDir, 'web/dist');
export const defaultWidgetDistDir = path.join(appsDir, 'widget/dist');

type Options = { webDistDir: string; widgetDistDir: string };

export async function registerStaticFiles(app: FastifyInstance, options: Options) {
  const webBuilt = existsSync(path.join(options.webDistDir, 'index.html'));
  const widgetFile = path.join(options.widgetDistDir, 'widget.js');

  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash in every asset name, so they never change under one URL.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
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
