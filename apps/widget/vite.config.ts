import { defineConfig } from 'vite';

// One self-contained script that host pages load with a plain <script> tag.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2019',
    lib: {
      entry: 'src/index.ts',
      name: 'AskwellWidget',
      formats: ['iife'],
      fileName: () => 'widget.js',
    },
  },
});
