import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));

// the API server in development; production serves the console, its API and the uploads from one origin
const apiTarget = process.env.KILAT_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${src}/` },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
    ],
    // npm hoists a React 18 to the root for antd-mobile's peers; the console takes React 19 like the web app
    dedupe: ['react', 'react-dom'],
  },
  build: { manifest: true, sourcemap: false },
  server: { proxy: { '/console/api': apiTarget, '/uploads': apiTarget, '/product-logos': apiTarget } },
});
