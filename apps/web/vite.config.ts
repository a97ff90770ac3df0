import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const testingLibraryEsm = createRequire(import.meta.url)
  .resolve('@testing-library/react')
  .replace(/index\.js$/, '@testing-library/react.esm.js');
// the API server in development; production serves the app and the API from one origin
const apiTarget = process.env.KILAT_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${src}/` },
      // wouter's shim for React < 18: React 19 has the hook itself (and the shim would load the hoisted React 18)
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
    ],
    // a React 18 hoisted to the root for another package's peers must never be bundled: every import gets the app's React 19
    dedupe: ['react', 'react-dom'],
  },
  build: {
    manifest: true,
    sourcemap: false,
  },
  // the server entry (`vite build --ssr`) is one self-contained file: React and every dependency
  // bundled in, so it loads the app's React 19 and not the root's hoisted React 18
  ssr: { noExternal: true },
  server: {
    proxy: { '/giants': apiTarget, '/dev': apiTarget, '/uploads': apiTarget },
  },
  preview: {
    proxy: { '/giants': apiTarget, '/dev': apiTarget, '/uploads': apiTarget },
  },
  test: {
    // npm hoisted React 18 to the root: these root packages are inlined (and Testing Library taken
    // as ESM) so that their `react` imports go through `dedupe` to the app's React 19
    alias: [{ find: /^@testing-library\/react$/, replacement: testingLibraryEsm }],
    server: { deps: { inline: [/@testing-library\/react/, /@tanstack\/react-query/, /wouter/] } },
  },
});
