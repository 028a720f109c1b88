import { defineConfig, mergeConfig } from 'vite';

import appConfig from './vite.config';

// The pre-rendered public pages' script (src/public-main.tsx), built on its own after the app so
// that it shares no chunk with it: a chunk shared with the app would carry the app's code (its
// schemas, its data router) into a page that uses a small part of it. Written next to the app's
// assets; scripts/prerender.mjs reads its manifest to put it in the pages.
// Preact's React compatibility layer stands in for React here only: React DOM alone is 67 KB
// gzipped, over the public pages' whole 90 KB budget, and these pages use nothing Preact lacks.
// The app keeps React; the pages are rendered to HTML with React and hydrated by Preact.
export default mergeConfig(
  appConfig,
  defineConfig({
    resolve: {
      alias: [
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
        { find: /^react$/, replacement: 'preact/compat' },
      ],
    },
    build: {
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: '.vite/public-manifest.json',
      rollupOptions: { input: { public: 'src/public-main.tsx' } },
    },
  }),
);
