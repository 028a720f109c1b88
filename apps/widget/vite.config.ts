import { defineConfig } from 'vite';

// Two self-contained scripts: the loader host pages include with a <script> tag, and the chat
// panel it injects on first open. `npm run build` runs scripts/build.ts, which builds the panel
// first so the loader can name it by content hash.
export default defineConfig(({ mode }) => {
  const panel = mode === 'panel';
  return {
    define: { __ASKWELL_PANEL__: JSON.stringify(process.env.ASKWELL_PANEL_FILE ?? '') },
    build: {
      outDir: panel ? 'dist/.panel' : 'dist',
      emptyOutDir: false,
      target: 'es2020',
      lib: {
        entry: panel ? 'src/panel.ts' : 'src/loader.ts',
        name: panel ? 'AskwellPanel' : 'AskwellWidget',
        formats: ['iife' as const],
        fileName: () => (panel ? 'panel.js' : 'widget.js'),
      },
    },
  };
});
