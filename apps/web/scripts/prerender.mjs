// Writes each public page as HTML (rendered from the same React routes the browser hydrates) and
// pre-compresses the built assets, so the server sends gzip or brotli without compressing per
// request. Runs after `vite build` and `vite build --ssr`.
import { readdir, readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// React's server renderer is read at run time; its development build is slower and warns.
process.env.NODE_ENV ??= 'production';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');
const serverDir = path.join(webDir, 'dist-server');
// Must match apps/api/src/plugins/static-files.ts.
const pagesDir = path.join(distDir, 'pages');
const origin = '__ASKWELL_ORIGIN__';

const { renderPage, publicPages } = await import(
  pathToFileURL(path.join(serverDir, 'entry-server.js')).href
);
const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
// The pages load the public build's script (vite.public.config.ts), not the app's.
const manifest = JSON.parse(
  await readFile(path.join(distDir, '.vite/public-manifest.json'), 'utf8'),
);
const publicEntry = manifest['src/public-main.tsx'];
if (!publicEntry?.isEntry) throw new Error('src/public-main.tsx is not in the public build');

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// The public script's chunks and the page's route chunk with the chunks it imports, so they load
// together instead of one after another.
function preloadsFor(modules) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of publicEntry.imports ?? []) visit(key);
  for (const key of modules) {
    if (!manifest[key]) throw new Error(`${key} is not in the public build's manifest`);
    visit(key);
  }
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

function headFor(page) {
  const url = `${origin}${page.path === '/' ? '/' : page.path}`;
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${url}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Askwell">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta name="twitter:card" content="summary">`,
    ...fontPreload,
    ...preloadsFor(page.modules),
  ].join('\n    ');
}

// The Latin subset of the site's font, fetched with the HTML rather than after the CSS: text is
// laid out once in its real font instead of shifting when a fallback is swapped out.
const latinFont = (await readdir(path.join(distDir, 'assets'))).find((name) =>
  /^inter-latin-wght-normal-[\w-]+\.woff2$/.test(name),
);
const fontPreload = latinFont
  ? [`<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${latinFont}">`]
  : [];

const withoutDefaults = template
  .replace(/<title>[\s\S]*?<\/title>\s*/, '')
  .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
  // The app's script and its preloads give way to the public script; its stylesheet stays.
  .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
  .replace(
    /<script type="module" crossorigin src="[^"]+"><\/script>/,
    `<script type="module" crossorigin src="/${publicEntry.file}"></script>`,
  );
if (!withoutDefaults.includes(publicEntry.file)) {
  throw new Error('dist/index.html has no module script to replace with the public one');
}
if (!withoutDefaults.includes('<div id="root"></div>')) {
  throw new Error('dist/index.html has no empty <div id="root"></div> to render into');
}

await rm(pagesDir, { recursive: true, force: true });
for (const page of publicPages) {
  const { status, html, hydrationData } = await renderPage(`http://prerender.local${page.path}`);
  if (status !== 200) throw new Error(`${page.path} rendered with status ${status}`);
  const data = JSON.stringify(hydrationData).replace(/</g, '\\u003c');
  const document = withoutDefaults.replace('</head>', `  ${headFor(page)}\n  </head>`).replace(
    '<div id="root"></div>',
    // A data block, not a script: the Content-Security-Policy allows no inline scripts.
    `<div id="root">${html}</div>\n    <script type="application/json" id="hydration-data">${data}</script>`,
  );
  const file = path.join(pagesDir, page.path === '/' ? 'index.html' : `${page.path.slice(1)}.html`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, document);
}
await rm(serverDir, { recursive: true, force: true });

// woff2 and images are compressed already.
const compressible = /\.(js|css|html|svg|json|txt|map)$/;
async function compressTree(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'pages' && entry.name !== '.vite') await compressTree(file);
      continue;
    }
    if (!compressible.test(entry.name)) continue;
    const content = await readFile(file);
    if (content.length < 1024) continue;
    await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
    await writeFile(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}
await compressTree(distDir);

process.stdout.write(`pre-rendered ${publicPages.length} public pages into dist/pages\n`);
