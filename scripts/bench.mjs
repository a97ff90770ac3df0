#!/usr/bin/env node
// `npm run bench`: the measurements of DESIGN §8, printed as tables. It reports; it never asserts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'apps/web');
const bareDir = join(root, '.bench/bare-react');
// resolve from the web app so the bare page gets the same React 19 and Vite the app builds with
const webRequire = createRequire(join(webDir, 'package.json'));
const { build } = await import(webRequire.resolve('vite'));

const JS_RATIO_BUDGET = 1.75;
const CSS_BUDGET_KB = 20;
const ROUTE_MODULE = /^src\/features\/.+-page\.tsx$/;

const kb = (bytes) => bytes / 1000;
const fmt = (value, digits = 1) => value.toFixed(digits);
const gzipBytes = (file) => gzipSync(readFileSync(file)).length;

function printTable(title, header, rows) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

function readManifest(outDir) {
  const file = join(outDir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: the Vite config must set build.manifest: true`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The chunks a module needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** gzip sizes of the JS files and the CSS files of a set of manifest chunks, each file counted once. */
function sizeOf(manifest, outDir, keys) {
  const jsFiles = new Set();
  const cssFiles = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) jsFiles.add(chunk.file);
    else if (chunk.file.endsWith('.css')) cssFiles.add(chunk.file);
    for (const css of chunk.css ?? []) cssFiles.add(css);
  }
  const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(join(outDir, file)), 0);
  return { js: sum(jsFiles), css: sum(cssFiles) };
}

async function viteBuild(config) {
  await build({ logLevel: 'warn', mode: 'production', ...config });
}

async function buildBareReact() {
  mkdirSync(join(bareDir, 'src'), { recursive: true });
  writeFileSync(
    join(bareDir, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>bare</title></head>\n' +
      '<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
  );
  writeFileSync(
    join(bareDir, 'src/main.tsx'),
    "import { createRoot } from 'react-dom/client';\n\ncreateRoot(document.getElementById('root')!).render(<h1>Hello</h1>);\n",
  );
  const reactPlugin = (await import(webRequire.resolve('@vitejs/plugin-react'))).default;
  const packageDir = (name) => dirname(webRequire.resolve(`${name}/package.json`));
  await viteBuild({
    root: bareDir,
    configFile: false,
    plugins: [reactPlugin()],
    resolve: { alias: { react: packageDir('react'), 'react-dom': packageDir('react-dom') } },
    build: { outDir: join(bareDir, 'dist'), emptyOutDir: true, manifest: true },
  });
  const outDir = join(bareDir, 'dist');
  const manifest = readManifest(outDir);
  return sizeOf(manifest, outDir, staticClosure(manifest, 'index.html'));
}

async function webSection() {
  console.log('building apps/web and a bare React page with Vite …');
  const bare = await buildBareReact();
  await viteBuild({ root: webDir, configFile: join(webDir, 'vite.config.ts') });

  const outDir = join(webDir, 'dist');
  const manifest = readManifest(outDir);
  const shell = staticClosure(manifest, 'index.html');
  const routes = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && ROUTE_MODULE.test(chunk.src ?? ''))
    .map(([key, chunk]) => ({ name: chunk.src.replace(/^src\/features\//, '').replace(/\.tsx$/, ''), key }))
    .sort((a, b) => a.name.localeCompare(b.name));

  const budgetKb = kb(bare.js) * JS_RATIO_BUDGET;
  const rows = [['bare React 19 page', fmt(kb(bare.js)), '1.00', '', fmt(kb(bare.css)), 'reference']];
  for (const route of routes) {
    const size = sizeOf(manifest, outDir, staticClosure(manifest, route.key, new Set(shell)));
    const overJs = kb(size.js) > budgetKb;
    const overCss = kb(size.css) > CSS_BUDGET_KB;
    const verdict = overJs || overCss ? `OVER (${[overJs && 'js', overCss && 'css'].filter(Boolean).join(', ')})` : 'ok';
    rows.push([route.name, fmt(kb(size.js)), fmt(size.js / bare.js, 2), fmt(budgetKb), fmt(kb(size.css)), verdict]);
  }
  printTable(
    `Web (DESIGN §8): gzip KB each entry route needs before it can paint; budget JS ≤ ${JS_RATIO_BUDGET} × bare, CSS ≤ ${CSS_BUDGET_KB} KB`,
    ['route', 'JS gzip KB', '× bare', 'JS budget KB', 'CSS gzip KB', 'verdict'],
    rows,
  );
  if (routes.length === 0) console.log('(no route chunks src/features/**/*-page.tsx in the manifest yet)');
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitForServer(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** SIGTERM lets the server close its database; SIGKILL if it has not exited after 10 s. */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const residentMb = (pid) => {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

async function serverSection() {
  const { tsImport } = await import('tsx/esm/api');
  const { API_PREFIX, Endpoints, Limits } = await tsImport('../packages/contract/src/index.ts', import.meta.url);
  const autocannon = (await import('autocannon')).default;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kilat-bench-'));
  const stderr = [];
  // a child process of its own, so the load generator does not share the server's event loop
  // exactly what `npm start` runs: the server bundle with the start script's node flags
  const serverDir = join(root, 'apps/server');
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server bundle did not build');
  const startArgs = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8'))
    .scripts.start.split(/\s+/)
    .slice(1);
  const server = spawn(process.execPath, startArgs, {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      RATE_LIMIT_MAX: '0',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr.on('data', (chunk) => stderr.push(chunk));
  try {
    await waitForServer(`${base}/docs/json`, server, 90_000);
    const session = await (await fetch(`${base}/dev/session?market=IN`)).json();
    const call = {
      url: `${base}${API_PREFIX}${Endpoints.contactInfo.path}?market=IN&deviceId=${encodeURIComponent(session.deviceId)}`,
      method: Endpoints.contactInfo.method,
      headers: { authorization: `Bearer ${session.sessionId}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `overall=${Limits.contactInfoOverall}`,
    };
    const probe = await fetch(call.url, call);
    const envelope = await probe.json().catch(() => ({}));
    const code = envelope[Endpoints.contactInfo.codeField];
    if (!probe.ok || code !== Endpoints.contactInfo.success) {
      console.log(`warning: contactInfo answered HTTP ${probe.status} code ${code}; the numbers below measure that answer`);
    }
    await autocannon({ ...call, connections: 10, duration: 1 }); // warm-up: let the JIT settle first
    const result = await autocannon({ ...call, connections: 50, duration: 5 });
    printTable(
      'Server (DESIGN §8): authenticated contactInfo, embedded PGlite, 50 connections for 5 s',
      ['measure', 'value'],
      [
        ['requests/s (mean)', fmt(result.requests.average, 0)],
        ['latency p99 ms', fmt(result.latency.p99, 1)],
        ['non-2xx answers', String(result.non2xx)],
        ['errors / timeouts', `${result.errors} / ${result.timeouts}`],
        ['server RSS MB after load (budget ≤ 250)', fmt(residentMb(server.pid), 0)],
      ],
    );
  } catch (error) {
    const tail = Buffer.concat(stderr).toString().trim().split('\n').slice(-5).join('\n');
    console.log(`\nServer section skipped: ${error.message}${tail ? `\n${tail}` : ''}`);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function accrualSection() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('\nJobs section skipped: set BENCH_DATABASE_URL=postgres://… to time the penalty accrual on PostgreSQL');
    return;
  }
  const { tsImport } = await import('tsx/esm/api');
  const { benchAccrual } = await tsImport('../apps/server/src/ops/bench-accrual.ts', import.meta.url);
  try {
    const result = await benchAccrual(url);
    printTable(
      'Jobs (DESIGN §8): daily penalty accrual on PostgreSQL, 100,000 overdue orders',
      ['measure', 'value'],
      [
        ['orders replayed', String(result.orders)],
        ['penalty rows posted', String(result.penaltiesPosted)],
        ['seconds (budget < 60)', fmt(result.seconds, 1)],
      ],
    );
  } catch (error) {
    console.log(`\nJobs section skipped: ${error.message}`);
  }
}

try {
  await webSection();
} catch (error) {
  console.error(`\nbench: a build failed: ${error.message}`);
  process.exit(1);
}
await serverSection();
await accrualSection();
