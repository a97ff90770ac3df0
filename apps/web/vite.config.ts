import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// the contract's source, not its package name: the config is loaded by Node, which would not compile a linked package's TypeScript
import { BOOT_SCRIPT } from '../../packages/contract/src/boot-script.ts';
import { precompress } from './build/precompress.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const testingLibraryEsm = createRequire(import.meta.url)
  .resolve('@testing-library/react')
  .replace(/index\.js$/, '@testing-library/react.esm.js');
// the API server in development; production serves the app and the API from one origin
const apiTarget = process.env.KILAT_API_URL ?? 'http://127.0.0.1:3000';

/** The boot script, first in the head (decision 168): the server's CSP allows exactly this text by its hash. */
const bootScript = (): Plugin => ({
  name: 'kilat-boot-script',
  transformIndexHtml: () => [{ tag: 'script', children: BOOT_SCRIPT, injectTo: 'head-prepend' }],
});

export default defineConfig({
  plugins: [bootScript(), react(), precompress()],
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
    rolldownOptions: {
      output: {
        // the repayment flow's hand-over is two files for readers (its door sits in shared/, decision 125) but
        // one chunk for the browser, as the payment result's query and its words are: no route loads an extra file
        codeSplitting: {
          groups: [
            {
              name: 'repay-hand-over',
              test: /src\/(shared\/repay-entry|features\/repayment\/hand-over)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'payment-result',
              test: /src\/(shared\/i18n\/payment-words|features\/repayment\/api\/get-payment-result)\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  // the server entry (`vite build --ssr`) is one self-contained file: React and every dependency
  // bundled in, so it loads the app's React 19 and not the root's hoisted React 18
  ssr: { noExternal: true },
  server: {
    proxy: { '/giants': apiTarget, '/dev': apiTarget, '/uploads': apiTarget, '/product-logos': apiTarget },
  },
  preview: {
    proxy: { '/giants': apiTarget, '/dev': apiTarget, '/uploads': apiTarget, '/product-logos': apiTarget },
  },
  test: {
    // npm hoisted React 18 to the root: these root packages are inlined (and Testing Library taken
    // as ESM) so that their `react` imports go through `dedupe` to the app's React 19
    alias: [{ find: /^@testing-library\/react$/, replacement: testingLibraryEsm }],
    server: { deps: { inline: [/@testing-library\/react/, /@tanstack\/react-query/, /wouter/] } },
  },
});
