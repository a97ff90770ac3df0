import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_NOT_FOUND, DATA_DIR_ENV, findTestChromium, testServerEnv } from './environment.js';

const chromium = findTestChromium();
if (!chromium) {
  console.error(CHROMIUM_NOT_FOUND);
  process.exit(1);
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// workers load this file too; they inherit the runner's env, so the run gets exactly one data dir
let dataDir = process.env[DATA_DIR_ENV];
if (!dataDir) {
  const created = mkdtempSync(join(tmpdir(), 'kilat-e2e-'));
  dataDir = process.env[DATA_DIR_ENV] = created;
  // on exit, not in globalTeardown: that runs before the web server stops, and not at all when it fails to start
  process.once('exit', () => {
    try {
      rmSync(created, { recursive: true, force: true });
    } catch {
      // best effort: a leftover directory in the OS temp dir is harmless
    }
  });
}

export default defineConfig({
  testDir: 'tests',
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // how long an expectation waits, an upper bound: on a busy 2-core machine running two workers and the server, a
  // page the browser draws itself fetched its pack, its chunk, its texts and its calls one after another in 5.7 s
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    launchOptions: { executablePath: chromium, args: CHROMIUM_ARGS },
    // a failed test keeps its trace of actions and page snapshots; no screenshot stream, which made the browser
    // encode every frame of every test (decision 173)
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
  },
  webServer: {
    // the server bundle that `npm start` runs; `npm run test:e2e` builds it with the web app
    command: 'node apps/server/dist/main.mjs',
    cwd: repoRoot,
    url: `${baseURL}/docs/json`,
    env: testServerEnv(port, dataDir),
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // let the server close its embedded database instead of being killed mid-write
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
