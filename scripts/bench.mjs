#!/usr/bin/env node
// `npm run bench`: the measurements of DESIGN §8, printed as tables. It reports; it never asserts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { mainThreadCpu } from './main-thread-cpu.mjs';

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
  // the server entry, as `npm run build` makes it (docs/decisions/080); the server prerenders the static pages when it starts (081)
  await viteBuild({ root: webDir, configFile: join(webDir, 'vite.config.ts'), build: { ssr: 'src/entry-server.tsx', outDir: 'dist-ssr' } });

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

/** SIGTERM lets the server close its database; SIGKILL if it has not exited after 10 s (60 s when it writes a profile, which a SIGKILL loses). */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), process.env.BENCH_CPU_PROF ? 60_000 : 10_000);
  await exited;
  clearTimeout(timer);
}

const residentMb = (pid) => {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/** CPU time a process has spent, user and system, in milliseconds (Linux /proc, whose clock ticks are 1/100 s: USER_HZ). */
const cpuMillis = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Starts the server bundle exactly as `npm start` runs it, on a free port; `env` picks the database. */
async function startServer(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kilat-bench-'));
  const stderr = [];
  const serverDir = join(root, 'apps/server');
  // the same settings as the browser tests' server
  const { tsImport } = await import('tsx/esm/api');
  const { testServerEnv } = await tsImport('../e2e/environment.ts', import.meta.url);
  const startArgs = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8'))
    .scripts.start.split(/\s+/)
    .slice(1);
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools)
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // a child process of its own, so the load generator does not share the server's event loop
  const child = spawn(process.execPath, [...profile, ...startArgs], {
    cwd: serverDir,
    env: { ...process.env, ...testServerEnv(port, dataDir), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => stderr.push(chunk));
  const server = {
    base,
    child,
    stderrTail: () => Buffer.concat(stderr).toString().trim().split('\n').slice(-5).join('\n'),
    stop: async () => {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitForServer(`${base}/docs/json`, child, 90_000);
  } catch (error) {
    await server.stop();
    throw new Error(`${error.message}\n${server.stderrTail()}`);
  }
  return server;
}

function buildServerBundle() {
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: join(root, 'apps/server'), stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server bundle did not build');
}

let scratchDatabases = 0;

/** A fresh PostgreSQL database beside BENCH_DATABASE_URL's, dropped by the returned function. */
async function scratchDatabase(url) {
  const pg = (await import('pg')).default;
  const name = `kilat_bench_${process.pid}_${Date.now()}_${++scratchDatabases}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * Requests per second of a run: all it answered over the time from its start to its last answer
 * (`timed`). autocannon's own figures do not give it: `requests.average` averages whole-second
 * buckets, and its `duration` ends at the first one-second sample after the last answer, so a run
 * of a fixed number of requests (the commit's tokens) counted the idle rest of its last second:
 * 2,000 answers in 2.02 s read as 2,000 in 3.02 s (662 req/s for 988).
 */
const perSecond = (result) => result.requests.total / result.seconds;

// BENCH_CALLS=repayment-commit (rows of the server table, comma-separated) measures only those calls, each still between two runs of its floor
const onlyCalls = process.env.BENCH_CALLS ? new Set(process.env.BENCH_CALLS.split(',').map((name) => name.trim())) : null;
const measured = (what) => onlyCalls === null || onlyCalls.has(what);

const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
// BENCH_SCALE_ROUNDS=7: how many times the scale section measures each call at each size, in turn (decision 179: five,
// so one run disturbed by the machine moves neither size's median)
const SCALE_ROUNDS = Math.max(1, Number(process.env.BENCH_SCALE_ROUNDS ?? 5) || 5);

/** The middle value (the mean of the two middle ones for an even count), NaN left out: one disturbed run does not move it. */
const median = (values) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The share of the machine's CPU time left idle over `ms` (/proc/stat's first line: idle and iowait of all the time). */
const idleShareOver = async (ms) => {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3] + fields[4], total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  return (after.idle - before.idle) / Math.max(1, after.total - before.total);
};

/**
 * Waits, up to `limitMs`, until the machine has been at least 90 % idle for two seconds running (what a
 * bulk load leaves behind: the kernel writing back and reclaiming pages, PostgreSQL's background writers);
 * answers the seconds waited. Nothing of the bench runs meanwhile, so only other work can keep it busy.
 */
const settled = async (limitMs) => {
  const started = performance.now();
  let quietSeconds = 0;
  while (quietSeconds < 2 && performance.now() - started < limitMs)
    quietSeconds = (await idleShareOver(1000)) >= 0.9 ? quietSeconds + 1 : 0;
  return (performance.now() - started) / 1000;
};

/** Commits measured, each spending a repay token made before the clock runs: about as many as the other calls answer in their five seconds. */
const COMMITS = 5000;

/** Runs autocannon and notes when the last answer came (`seconds`: from the run's start to it). */
const timed = async (autocannon, options) => {
  let lastAnswerAt = 0;
  const requests = (options.requests ?? [{}]).map((request) => ({
    ...request,
    onResponse: (...answer) => {
      lastAnswerAt = Date.now();
      request.onResponse?.(...answer);
    },
  }));
  const result = await autocannon({ ...options, requests });
  // a run nobody answered keeps autocannon's own time rather than a negative one
  return { ...result, seconds: lastAnswerAt ? (lastAnswerAt - result.start.getTime()) / 1000 : result.duration };
};

/**
 * The calls DESIGN §8 budgets beside the floor routes on the same server, database and pool (issue
 * 15): one indexed select and one insert in a transaction. Each is warmed up, then loaded with 50
 * connections; calls that spend a single-use token get one per request, made before the clock runs.
 */
async function measureCalls(server, label, bare) {
  const { tsImport } = await import('tsx/esm/api');
  const { API_PREFIX, Endpoints, Limits } = await tsImport('../packages/contract/src/index.ts', import.meta.url);
  const load = (await import('autocannon')).default;
  const autocannon = (options) => timed(load, options);
  const { base } = server;

  const session = await (await fetch(`${base}/dev/session?market=IN&fresh=1`)).json();
  const order = session.orders.find((entry) => entry.orderId === session.orderId) ?? session.orders[0];
  const callOf = (name, fields) => ({
    url: `${base}${API_PREFIX}${Endpoints[name].path}?market=${session.market}&deviceId=${encodeURIComponent(session.deviceId)}`,
    method: Endpoints[name].method,
    headers: { authorization: `Bearer ${session.sessionId}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const answer = async (name, fields) => {
    const response = await fetch(callOf(name, fields).url, callOf(name, fields));
    const envelope = await response.json().catch(() => ({}));
    const code = envelope[Endpoints[name].codeField];
    if (!response.ok || code !== Endpoints[name].success) throw new Error(`${name} answered HTTP ${response.status} code ${code}`);
    return envelope.data;
  };

  const tokens = async (count) => {
    const made = [];
    for (let start = 0; start < count; start += 25) {
      const batch = Array.from({ length: Math.min(25, count - start) }, () => answer('repaymentWay', { orderId: order.orderId }));
      made.push(...(await Promise.all(batch)));
    }
    return made;
  };
  const way = await answer('repaymentWay', { orderId: order.orderId });
  const cardId = way.bankCards[0]?.id;
  const commitFields = (token) => ({
    amount: String(token.amount),
    bankName: 'HDFC Bank',
    cardId,
    cardNo: way.bankCards[0]?.cardNo ?? '',
    couponId: '',
    orderId: order.orderId,
    repayToken: token.repayToken,
    bankCode: 'HDFC',
    sendMsg: '0',
  });

  /**
   * Each call is measured warm, as a server that has been up a while answers it: BENCH_WARM_UP_SECONDS
   * (default 3) of the same load first, so V8 has optimised what the call runs (with one helper
   * thread, decision 121, that takes longer than a second) before the clock and the CPU count start
   * (decision 169).
   */
  const loaded = async (call, options = {}) => {
    await autocannon({ ...call, connections: 50, duration: WARM_UP_SECONDS, ...options.warmUp });
    measuredRunStarts();
    return autocannon({ ...call, connections: 50, duration: 5, ...options.run });
  };
  /** One request per token: autocannon's setupRequest hands each request the next one, its body written before the clock runs. */
  const perToken = async (name, count) => {
    const bodies = (await tokens(count)).map((token) => new URLSearchParams(commitFields(token)).toString());
    const call = callOf(name, {});
    let next = 0;
    const requests = [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }];
    return { ...call, requests };
  };

  const results = [];
  /**
   * The server's CPU time per answered request over a run (user + system, from /proc): unlike
   * requests per second it hardly moves with what else the machine does, so it shows what a change
   * to the request pipeline costs or saves (issue 33, decision 158).
   */
  // the CPU count starts when the measured run does, after any warm-up (`loaded` says when): the warm-up's
  // CPU divided by the measured run's answers read as 1.6 times the cost of a request
  let measuredRunStarts = () => {};
  const withCpu = async (pid, measure) => {
    let before = cpuMillis(pid);
    measuredRunStarts = () => {
      before = cpuMillis(pid);
    };
    const result = await measure().finally(() => {
      measuredRunStarts = () => {};
    });
    const spent = cpuMillis(pid) - before;
    return { result, cpuMicros: result.requests.total ? (1000 * spent) / result.requests.total : Number.NaN };
  };
  const floorCalls = {
    select: () => loaded({ url: `${base}/dev/floor/select`, method: 'GET' }),
    insert: () => loaded({ url: `${base}/dev/floor/insert`, method: 'POST' }),
  };
  // each call is measured between two runs of its own floor, and its share is of their mean: on a
  // machine shared with other work the floor moves from one minute to the next, and a floor measured
  // under another load than the call's would make the share say nothing
  // the outside floor (issue 33): a bare Fastify + pg process on the same database, measured right
  // before and right after each row as its own floor is (decision 172): a row's share of it is of the
  // mean of those two, so a machine that slows down between rows moves both sides of the share
  const bareCalls = bare
    ? {
        select: () => loaded({ url: `${bare.base}/select`, method: 'GET' }),
        insert: () => loaded({ url: `${bare.base}/insert`, method: 'POST' }),
      }
    : null;
  const bareRuns = { select: [], insert: [] };
  const bareCpu = { select: [], insert: [] };
  const bareP99 = { select: [], insert: [] };
  /** One run of the bare floor's `key` call: its requests per second, also kept for the summary line. */
  const measureBare = async (key) => {
    const { result, cpuMicros } = await withCpu(bare.pid, bareCalls[key]);
    bareRuns[key].push(perSecond(result));
    bareP99[key].push(result.latency.p99);
    bareCpu[key].push(cpuMicros);
    return perSecond(result);
  };
  const run = async (what, floor, budget, measure, bareKey = floor) => {
    if (!measured(what)) return;
    try {
      const bareBefore = bareCalls && bareKey ? await measureBare(bareKey) : null;
      const before = floor ? await floorCalls[floor]() : null;
      const { result, cpuMicros } = await withCpu(server.child.pid, measure);
      const after = floor ? await floorCalls[floor]() : null;
      const bareAfter = bareCalls && bareKey ? await measureBare(bareKey) : null;
      const floorPerSecond = floor ? (perSecond(before) + perSecond(after)) / 2 : null;
      const barePerSecond = bareBefore !== null && bareAfter !== null ? (bareBefore + bareAfter) / 2 : null;
      results.push({ what, floor, floorPerSecond, barePerSecond, budget, result, bareKey, cpuMicros });
    } catch (error) {
      results.push({ what, floor, budget, error: error.message });
    }
  };
  await run('floor: one indexed select', null, bare ? '≥ 70 % of bare' : '', floorCalls.select, 'select');
  await run('floor: one insert in a transaction', null, '', floorCalls.insert, 'insert');
  await run('contactInfo', 'select', '', () => loaded(callOf('contactInfo', { overall: String(Limits.contactInfoOverall) })));
  await run('loan-details', 'select', bare ? '≥ 40 % of bare, p99 ≤ 15 ms' : '≥ 60 %, p99 ≤ 25 ms', () =>
    loaded(callOf('loanDetails', { orderId: order.orderId, productId: order.productId })),
  );
  await run('problem-init', 'select', '≥ 60 %', () => loaded(callOf('problemInit', { orderId: order.orderId })));
  await run('repayment-way', 'insert', '≥ 50 %', () => loaded(callOf('repaymentWay', { orderId: order.orderId })));
  // a card that asks for a code: each commit opens its payment and sends the code, nothing is charged;
  // the tokens are made before the floors, so the floors run right before and after the load
  const commitTokens = !measured('repayment-commit')
    ? null
    : await (async () => [await perToken('repaymentCommit', COMMITS), await perToken('repaymentCommit', COMMITS)])().catch(
        (error) => error,
      );
  await run('repayment-commit', 'insert', bare ? '≥ 30 % of bare insert' : '≥ 50 %', async () => {
    if (commitTokens instanceof Error) throw commitTokens;
    const [warm, call] = commitTokens;
    // warmed up as every other call is, for BENCH_WARM_UP_SECONDS at 50 connections: a fast machine
    // runs out of warm-up tokens before then, and the rest spend a token again (a tap repeated), the same call
    await autocannon({ ...warm, connections: 50, duration: WARM_UP_SECONDS });
    measuredRunStarts();
    return autocannon({ ...call, connections: 50, amount: COMMITS });
  });
  if (bare) {
    const range = (values, digits = 0) =>
      values.length ? `${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)}` : 'not run';
    console.log(
      `\nOutside floor (bare Fastify + pg, pool 10), every run beside the rows: select ${range(bareRuns.select)} req/s, p99 ${range(bareP99.select)} ms, CPU ${range(bareCpu.select)} µs a request; insert ${range(bareRuns.insert)} req/s, p99 ${range(bareP99.insert)} ms, CPU ${range(bareCpu.insert)} µs a request`,
    );
  }

  printTable(
    `Server (DESIGN §8, issue 15): ${label}, 50 connections, authenticated as a fresh India borrower; each call between two runs of its floor${bare ? ' and two of the bare floor' : ''}`,
    [
      'call',
      'requests/s',
      'p99 ms',
      'non-2xx / errors',
      'its floor req/s (mean)',
      'of its floor',
      'of the bare floor',
      'server CPU µs/request',
      'budget',
    ],
    results.map(({ what, floor, floorPerSecond, barePerSecond, budget, result, error, bareKey, cpuMicros }) => {
      if (error) return [what, 'failed', error.slice(0, 60), '', '', '', '', '', budget];
      const share = floorPerSecond ? `${fmt((100 * perSecond(result)) / floorPerSecond, 0)} % of ${floor}` : '';
      const bareFloor = barePerSecond;
      const bareShare = bareFloor ? `${fmt((100 * perSecond(result)) / bareFloor, 0)} % of ${bareKey}` : '';
      return [
        what,
        fmt(perSecond(result), 0),
        fmt(result.latency.p99, 1),
        `${result.non2xx} / ${result.errors + result.timeouts}`,
        floorPerSecond ? fmt(floorPerSecond, 0) : '',
        share,
        bareShare,
        fmt(cpuMicros, 0),
        budget,
      ];
    }),
  );
  return session;
}

/** The outside floor process (scripts/bare-floor.mjs) on a database URL, on a free port. */
async function startBareFloor(databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/bare-floor.mjs')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${base}/select`, child, 30_000);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { base, pid: child.pid, stop: () => stop(child) };
}

// the steady-rate row (issue 52, decision 256): BENCH_STEADY_RATE requests a second (default 1,000) for BENCH_STEADY_SECONDS (default 30)
const STEADY_RATE = Number(process.env.BENCH_STEADY_RATE ?? 1000) || 1000;
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 30) || 30;

/** Starts a probe at `base` (Kilat's /dev/probe or the bare floor's /probe), runs `work`, and answers the work's result and the probe's figures. */
const probed = async (probeBase, work) => {
  const post = async (what) => (await (await fetch(`${probeBase}/${what}`, { method: 'POST' })).json()).data;
  await post('start');
  const result = await work();
  return { result, probe: await post('stop') };
};

/**
 * Issue 52: loan-details at a steady rate, not as fast as it goes: what a borrower waits in the slowest
 * one request in a hundred. Kilat runs with every job ticking as `npm start` runs them (JOBS_ENABLED),
 * then again with none (what the jobs add), and the bare floor's select runs at the same rate before
 * and after; each run says how late its server's event loop ran, how long checkouts waited for a pool
 * connection and what the garbage collector paused, as the server itself measured them meanwhile.
 */
async function steadyRows(env, bare) {
  if (!measured('steady')) return;
  const { tsImport } = await import('tsx/esm/api');
  const { API_PREFIX, Endpoints } = await tsImport('../packages/contract/src/index.ts', import.meta.url);
  const load = (await import('autocannon')).default;
  const autocannon = (options) => timed(load, options);
  const atRate = async (call) => {
    await autocannon({ ...call, connections: 50, overallRate: STEADY_RATE, duration: WARM_UP_SECONDS });
    return autocannon({ ...call, connections: 50, overallRate: STEADY_RATE, duration: STEADY_SECONDS });
  };
  const kilatRun = async (label, jobs) => {
    const server = await startServer({ ...env, JOBS_ENABLED: jobs ? 'true' : 'false' });
    try {
      const session = await (await fetch(`${server.base}/dev/session?market=IN&fresh=1`)).json();
      const order = session.orders.find((entry) => entry.orderId === session.orderId) ?? session.orders[0];
      const call = {
        url: `${server.base}${API_PREFIX}${Endpoints.loanDetails.path}?market=${session.market}&deviceId=${encodeURIComponent(session.deviceId)}`,
        method: Endpoints.loanDetails.method,
        headers: { authorization: `Bearer ${session.sessionId}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ orderId: order.orderId, productId: order.productId }).toString(),
      };
      return { label, ...(await probed(`${server.base}/dev/probe`, () => atRate(call))) };
    } finally {
      await server.stop();
    }
  };
  const bareRun = async (label) => ({
    label,
    ...(await probed(`${bare.base}/probe`, () => atRate({ url: `${bare.base}/select`, method: 'GET' }))),
  });
  const runs = [];
  try {
    runs.push(await bareRun('bare floor: one select (before)'));
    runs.push(await kilatRun('loan-details, every job running', true));
    runs.push(await kilatRun('loan-details, no job running', false));
    runs.push(await bareRun('bare floor: one select (after)'));
  } catch (error) {
    console.log(`\nSteady-rate rows stopped: ${error.message}`);
  }
  const bareP99 = median(runs.filter((run) => run.label.startsWith('bare')).map((run) => run.result.latency.p99));
  const ms = (value) => (value === undefined || value === null ? '' : fmt(value, 1));
  printTable(
    `Steady rate (issue 52): ${STEADY_RATE.toLocaleString('en')} requests/s for ${STEADY_SECONDS} s over 50 connections on PostgreSQL, latency corrected for coordinated omission; budget loan-details with every job running p99 ≤ 15 ms and ≤ 2 × the bare floor's p99 (mean of its two runs: ${ms(bareP99)} ms)`,
    [
      'run',
      'requests/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'non-2xx / errors',
      'event-loop delay p99 / max ms',
      'pool checkouts waited / p99 / max ms',
      'GC pauses / total / max ms',
      'verdict',
    ],
    runs.map(({ label, result, probe }) => {
      const loop = probe?.eventLoopDelayMs;
      const pool = probe?.poolWaitMs;
      const gc = probe?.gc;
      const budgeted = label.includes('every job');
      const over = [result.latency.p99 > 15 && 'p99 > 15 ms', result.latency.p99 > 2 * bareP99 && 'p99 > 2 × bare'].filter(Boolean);
      return [
        label,
        fmt(perSecond(result), 0),
        ms(result.latency.p50),
        ms(result.latency.p99),
        ms(result.latency.max),
        `${result.non2xx} / ${result.errors + result.timeouts}`,
        loop ? `${ms(loop.p99)} / ${ms(loop.max)}` : '',
        pool ? `${pool.waited} of ${pool.checkouts} / ${ms(pool.p99)} / ${ms(pool.max)}` : '',
        gc ? `${gc.pauses} / ${ms(gc.ms)} / ${ms(gc.maxMs)}` : '',
        budgeted ? (over.length ? `OVER (${over.join(', ')})` : 'ok') : '',
      ];
    }),
  );
}

async function serverSection(label, env) {
  let server;
  let bare = null;
  try {
    server = await startServer(env);
    // on PostgreSQL the bench also measures a bare Fastify + pg process beside Kilat (issue 33)
    if (env.DATABASE_URL) bare = await startBareFloor(env.DATABASE_URL);
    await measureCalls(server, label, bare);
    console.log(`server RSS MB after load (budget ≤ 250): ${fmt(residentMb(server.child.pid), 0)}`);
    // the steady-rate rows start servers of their own on the same database, one with the jobs ticking
    if (bare) {
      await server.stop();
      server = null;
      await steadyRows(env, bare);
    }
  } catch (error) {
    console.log(`\nServer section (${label}) skipped: ${error.message}${server ? `\n${server.stderrTail()}` : ''}`);
  } finally {
    await bare?.stop();
    await server?.stop();
  }
}

/**
 * The CPU multiplier that takes a host of Lighthouse benchmark index `index` to the mid-tier phone the
 * default 4× aims at, by the table of Lighthouse's CPU throttling calculator (its docs/throttling.md:
 * 1,533 → 4×, 1,300 → 3×, 800 → 2×, 150 → 1×, straight between).
 */
const calibratedSlowdown = (index) => {
  if (index >= 1300) return 3 + (index - 1300) / 233;
  if (index >= 800) return 2 + (index - 800) / 500;
  return Math.max(1, 1 + (index - 150) / 650);
};

/** The bare React 19 page the pages' Lighthouse figures are read against (issue 52): see BARE_HYDRATE_TREE. */
const bareHydrateDir = join(root, '.bench/bare-react-hydrate');
const BARE_HYDRATE_TREE = `// written by scripts/bench.mjs (issue 52): a page about the size of a Kilat borrower page (a header, a
// card of label and amount rows, a schedule of installments with a state each, a button, a footer of
// links), hydrated as the app hydrates (StrictMode, hydrateRoot inside startTransition): React 19 and
// nothing of Kilat's
export function makeApp(React) {
  const { createElement: h, useState } = React;
  const amount = (minor) => '\\u20b9' + (minor / 100).toFixed(2);
  function Row({ label, value }) {
    return h('div', { className: 'row' }, h('dt', null, label), h('dd', null, value));
  }
  function Installment({ index, due, minor }) {
    const [open, setOpen] = useState(false);
    return h(
      'li',
      { className: 'installment' },
      h('button', { type: 'button', 'aria-expanded': open, onClick: () => setOpen(!open) }, 'Installment ' + index),
      h('span', null, due),
      h('strong', null, amount(minor)),
      open ? h('p', null, 'Paid on time') : null,
    );
  }
  return function App() {
    const rows = Array.from({ length: 14 }, (_, i) => h(Row, { key: i, label: 'Label ' + (i + 1), value: amount(123456 * (i + 1)) }));
    const installments = Array.from({ length: 8 }, (_, i) =>
      h(Installment, { key: i, index: i + 1, due: '2026-' + String(i + 1).padStart(2, '0') + '-15', minor: 250000 + i * 1000 }),
    );
    const links = Array.from({ length: 8 }, (_, i) => h('li', { key: i }, h('a', { href: '#l' + i }, 'Link ' + (i + 1))));
    return h(
      'div',
      { className: 'page' },
      h('header', null, h('h1', null, 'Loan details'), h('p', null, 'Order KIL-0001')),
      h(
        'main',
        null,
        h('section', null, h('h2', null, 'Your loan'), h('dl', null, rows)),
        h('section', null, h('h2', null, 'Installments'), h('ol', null, installments)),
        h('button', { type: 'button', className: 'primary' }, 'Repay now'),
      ),
      h('footer', null, h('ul', null, links), h('p', null, 'Kilat')),
    );
  };
}
`;

/** Builds the bare hydrating page: its tree rendered to HTML here with the app's React 19, then hydrated by a Vite build of the same tree. */
async function buildBareHydrate() {
  mkdirSync(join(bareHydrateDir, 'src'), { recursive: true });
  const treeFile = join(bareHydrateDir, 'src/tree.js');
  writeFileSync(treeFile, BARE_HYDRATE_TREE);
  const React = webRequire('react');
  const { renderToString } = webRequire('react-dom/server');
  const { makeApp } = await import(`${pathToFileURL(treeFile)}?${Date.now()}`);
  const html = renderToString(React.createElement(React.StrictMode, null, React.createElement(makeApp(React))));
  writeFileSync(
    join(bareHydrateDir, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />' +
      '<title>bare hydrate</title></head>\n' +
      `<body><div id="root">${html}</div><script type="module" src="/src/main.js"></script></body></html>\n`,
  );
  writeFileSync(
    join(bareHydrateDir, 'src/main.js'),
    "import * as React from 'react';\nimport { hydrateRoot } from 'react-dom/client';\nimport { makeApp } from './tree.js';\n\n" +
      'const App = makeApp(React);\n' +
      "React.startTransition(() => {\n  hydrateRoot(document.getElementById('root'), React.createElement(React.StrictMode, null, React.createElement(App)));\n});\n",
  );
  const packageDir = (name) => dirname(webRequire.resolve(`${name}/package.json`));
  await viteBuild({
    root: bareHydrateDir,
    configFile: false,
    resolve: { alias: { react: packageDir('react'), 'react-dom': packageDir('react-dom') } },
    build: { outDir: join(bareHydrateDir, 'dist'), emptyOutDir: true },
  });
  return join(bareHydrateDir, 'dist');
}

/** A static server for a built directory, gzip as Kilat's server sends its files; answers its base and a stop function. */
async function serveStatic(dir) {
  const { createServer: createHttpServer } = await import('node:http');
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createHttpServer((request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const body = gzipSync(readFileSync(file));
    response.writeHead(200, {
      'content-type': types[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream',
      'content-encoding': 'gzip',
      'cache-control': 'no-store',
    });
    response.end(body);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** A script's address as a row names it: its path without the query, or what Lighthouse calls it. */
const scriptName = (url) => {
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' ? `${parsed.pathname} (the document)` : parsed.pathname;
  } catch {
    return String(url);
  }
};

/**
 * Lighthouse's mobile run (slow 4G, simulated) on the six pages DESIGN §8 budgets and a bare React 19
 * page that hydrates a tree of about their size (issue 52, decision 255): in the full Chromium a
 * borrower's Chrome is (`--headless=new`), at 4× CPU and at the multiplier Lighthouse's calculator
 * gives for this host, and in the headless shell at 4× as a side column; BENCH_LIGHTHOUSE_RUNS (default
 * 3) runs of each, medians; then each page's script evaluation and long tasks by script.
 */
async function lighthouseSection() {
  let server;
  let bareServer;
  let chrome;
  try {
    const { default: lighthouse } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    const { tsImport } = await import('tsx/esm/api');
    const { findChromium, CHROMIUM_ARGS, SYSTEM_HEADLESS_SHELL, sessionParams } = await tsImport('../e2e/environment.ts', import.meta.url);
    // the full browser, as borrowers run Chrome (issue 52, decision 255 replacing 183's headless shell):
    // CHROMIUM_PATH, else Debian's chromium; the shell beside it when installed (BENCH_LIGHTHOUSE_SHELL=0: not)
    const fullPath = findChromium();
    if (!fullPath) throw new Error('no Chromium: set CHROMIUM_PATH or install Debian chromium');
    const shellPath =
      process.env.BENCH_LIGHTHOUSE_SHELL !== '0' && existsSync(SYSTEM_HEADLESS_SHELL) && fullPath !== SYSTEM_HEADLESS_SHELL
        ? SYSTEM_HEADLESS_SHELL
        : null;
    const bareDist = await buildBareHydrate();
    bareServer = await serveStatic(bareDist);
    server = await startServer({});
    const { base } = server;
    const session = await (await fetch(`${base}/dev/session?market=IN`)).json();
    const params = new URLSearchParams(sessionParams(session, { productId: session.productId }));
    const dueOrder = session.orders.find((entry) => entry.orderId === session.orderId) ?? session.orders[0];
    const payWayParams = new URLSearchParams({
      ...sessionParams(session, { productId: session.productId }),
      withholdingAmount: String(dueOrder?.amountDueMinor ?? 0),
      purpose: 'repay',
    });
    const BARE = 'bare React 19, hydrating';
    // the six pages DESIGN §8 budgets (issues 33, 52), and the bare page they are read against
    const allPages = [
      [BARE, `${bareServer.base}/`],
      ['official home', `${base}/`],
      ['loan details (demo order)', `${base}/loanDetails?${params}`],
      ['complaint entry', `${base}/complaint?${params}`],
      ['main', `${base}/main?${params}`],
      ['pay-way', `${base}/payway?${payWayParams}`],
      ['installments', `${base}/repay?${params}`],
    ];
    // BENCH_LIGHTHOUSE_PAGES=main,pay-way: only the pages whose name starts with one of these (the bare page always)
    const only = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
    const pages = allPages.filter(([name]) => name === BARE || only.length === 0 || only.some((prefix) => name.startsWith(prefix)));
    const throttlingDefaults = (await import('lighthouse/core/config/constants.js')).throttling.mobileSlow4G;
    const benchmarkIndexes = [];
    /** A run Lighthouse could not finish measured nothing (a trace it failed to record): it is run again, at most twice more; a low score never is. */
    const ATTEMPTS = 3;
    const measure = async (url, slowdown) => {
      // a fresh session per run: the page takes its token from the address once, then drops it
      let target = url;
      if (url.startsWith(base)) {
        const fresh = await (await fetch(`${base}/dev/session?market=IN`)).json();
        target = url.replace(session.sessionId, fresh.sessionId);
      }
      const { lhr, artifacts } = await lighthouse(target, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        throttling: { ...throttlingDefaults, cpuSlowdownMultiplier: slowdown },
      });
      if (Number.isFinite(lhr.environment?.benchmarkIndex)) benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      // the same run's trace read in CPU time, which the host's other work does not stretch (decision 283)
      const cpu = artifacts?.Trace?.traceEvents ? mainThreadCpu(artifacts.Trace.traceEvents, target) : null;
      lhr.kilatCpu = cpu && { ...cpu, blockingAt: undefined, blocking: cpu.blockingAt(slowdown) };
      return lhr;
    };
    // BENCH_LIGHTHOUSE_RUNS: each page measured that many times (default 3), each figure the median (runs on a shared machine vary)
    const repeats = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);
    // BENCH_LIGHTHOUSE_JSON=<dir>: every run's full report written there, to read its LCP element, breakdown, tasks and requests
    const jsonDir = process.env.BENCH_LIGHTHOUSE_JSON;
    if (jsonDir) mkdirSync(jsonDir, { recursive: true });
    /** Every page `repeats` times at `slowdown`, round after round (a slow minute falls on every page alike): answers each page's reports. */
    const measureAll = async (label, slowdown) => {
      const reports = new Map(pages.map(([name]) => [name, { lhrs: [], notes: [] }]));
      for (let run = 0; run < repeats; run++) {
        for (const [name, url] of pages) {
          const unfinished = [];
          let lhr = await measure(url, slowdown);
          while (lhr.runtimeError && unfinished.length < ATTEMPTS - 1) {
            unfinished.push(lhr.runtimeError.code);
            lhr = await measure(url, slowdown);
          }
          if (jsonDir) writeFileSync(join(jsonDir, `${label}-${name.replace(/\W+/g, '-')}-${run + 1}.json`), JSON.stringify(lhr));
          const report = reports.get(name);
          report.lhrs.push(lhr);
          // a run Lighthouse could not finish scores 0: say why rather than leave a bare 0, and say which runs were made again
          if (lhr.runtimeError) report.notes.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`.slice(0, 100));
          if (unfinished.length) report.notes.push(`unfinished before: ${unfinished.join(', ')}`);
        }
      }
      return reports;
    };
    const launch = (path) =>
      chromeLauncher.launch({
        chromePath: path,
        chromeFlags: [...(path === SYSTEM_HEADLESS_SHELL ? [] : ['--headless=new']), ...CHROMIUM_ARGS],
      });

    chrome = await launch(fullPath);
    const atFour = await measureAll('full-4x', 4);
    // the host's CPU as Lighthouse rates it: 4× takes an index of about 1,533 to the mid-tier phone the budget is for;
    // the calibrated run uses the multiplier its calculator gives for the median (BENCH_LIGHTHOUSE_CPU_SLOWDOWN=<n> sets it)
    const sortedIndexes = [...benchmarkIndexes].sort((a, b) => a - b);
    const medianIndex = median(benchmarkIndexes);
    const calibrated =
      Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN ?? 0) || (Number.isFinite(medianIndex) ? calibratedSlowdown(medianIndex) : 4);
    const atCalibrated = await measureAll('full-calibrated', calibrated);
    await chrome.kill();
    chrome = null;
    let inShell = null;
    if (shellPath) {
      chrome = await launch(shellPath);
      inShell = await measureAll('shell-4x', 4);
      await chrome.kill();
      chrome = null;
    }

    const figure = (lhrs, read) => median(lhrs.map(read));
    const audit = (lhrs, id) => figure(lhrs, (lhr) => lhr.audits[id]?.numericValue ?? Number.NaN);
    const score = (lhrs) => figure(lhrs, (lhr) => (lhr.categories.performance.score ?? 0) * 100);
    /** The script evaluation of a run: Lighthouse's main-thread breakdown, "Script Evaluation" (ms, at the run's multiplier). */
    const scriptEvaluation = (lhr) =>
      lhr.audits['mainthread-work-breakdown']?.details?.items?.find((item) => item.group === 'scriptEvaluation')?.duration ?? Number.NaN;
    const bareTbt = audit(atFour.get(BARE).lhrs, 'total-blocking-time');
    const bareEvaluation = figure(atFour.get(BARE).lhrs, scriptEvaluation);
    const signed = (value) => (Number.isNaN(value) ? '' : `${value >= 0 ? '+' : ''}${fmt(value, 0)}`);
    const verdict = (lhrsFour, lhrsCalibrated) => {
      const misses = [];
      if (score(lhrsFour) < 95) misses.push('score');
      if (audit(lhrsFour, 'largest-contentful-paint') > 2000) misses.push('LCP');
      if (audit(lhrsFour, 'total-blocking-time') > 100) misses.push('TBT 4×');
      if (audit(lhrsCalibrated, 'total-blocking-time') > 200) misses.push('TBT calibrated');
      return misses.length ? `OVER (${misses.join(', ')})` : 'ok';
    };
    const calibratedLabel = `${fmt(calibrated, 1)}×`;
    printTable(
      `Lighthouse mobile (DESIGN §8, issue 52: score ≥ 95, LCP ≤ 2.0 s, TBT ≤ 100 ms at 4× and ≤ 200 ms at ${calibratedLabel}): slow 4G, simulated, in ${fullPath} --headless=new; median of ${repeats} runs${inShell ? `; the headless shell (${shellPath}) at 4× beside it` : ''}`,
      [
        'page',
        'score 4×',
        'LCP s 4×',
        'TBT ms 4×',
        `score ${calibratedLabel}`,
        `LCP s ${calibratedLabel}`,
        `TBT ms ${calibratedLabel}`,
        'script eval ms 4×',
        'TBT over bare',
        'script eval over bare',
        ...(inShell ? ['shell 4×: score', 'shell TBT ms'] : []),
        'verdict',
        'run errors / runs made again',
      ],
      pages.map(([name]) => {
        const four = atFour.get(name).lhrs;
        const cal = atCalibrated.get(name).lhrs;
        const shell = inShell?.get(name).lhrs;
        const tbt = audit(four, 'total-blocking-time');
        const evaluation = figure(four, scriptEvaluation);
        return [
          name,
          fmt(score(four), 0),
          fmt(audit(four, 'largest-contentful-paint') / 1000, 2),
          fmt(tbt, 0),
          fmt(score(cal), 0),
          fmt(audit(cal, 'largest-contentful-paint') / 1000, 2),
          fmt(audit(cal, 'total-blocking-time'), 0),
          fmt(evaluation, 0),
          name === BARE ? 'reference' : signed(tbt - bareTbt),
          name === BARE ? 'reference' : signed(evaluation - bareEvaluation),
          ...(shell ? [fmt(score(shell), 0), fmt(audit(shell, 'total-blocking-time'), 0)] : []),
          name === BARE ? '' : verdict(four, cal),
          [...atFour.get(name).notes, ...atCalibrated.get(name).notes, ...(inShell?.get(name).notes ?? [])].join('; '),
        ];
      }),
    );
    if (sortedIndexes.length) {
      console.log(
        `Lighthouse's benchmark index of this host: ${fmt(sortedIndexes[0], 0)}–${fmt(sortedIndexes.at(-1), 0)} (median ${fmt(medianIndex, 0)}); the multiplier Lighthouse's calibration gives for the median: ${fmt(calibratedSlowdown(medianIndex), 1)}×${process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN ? `; run at ${calibratedLabel} (BENCH_LIGHTHOUSE_CPU_SLOWDOWN)` : ''}`,
      );
    }
    // the same runs' traces in CPU time (decision 283): what the page's main thread itself did, which a busy
    // host does not stretch, and the blocking time its tasks would give at each multiplier from their CPU alone
    const cpuOf = (lhrs, read) => figure(lhrs, (lhr) => (lhr.kilatCpu ? read(lhr.kilatCpu) : Number.NaN));
    const bareCpu = cpuOf(atFour.get(BARE).lhrs, (cpu) => cpu.tasksMs);
    printTable(
      `Main thread in CPU time (decision 283): the same runs' traces, the page's renderer only, each event's own thread time by group; blocking from CPU = each task after the first paint, its CPU × the multiplier less 50 ms; median of ${repeats} runs`,
      [
        'page',
        'tasks CPU ms',
        'over bare',
        'style ms',
        'layout ms',
        'script ms',
        'paint ms',
        'longest task after paint ms',
        'blocking from CPU 4× ms',
        `blocking from CPU ${calibratedLabel} ms`,
        'wall over CPU 4× (Lighthouse TBT ÷ blocking from CPU)',
      ],
      pages.map(([name]) => {
        const four = atFour.get(name).lhrs;
        const cal = atCalibrated.get(name).lhrs;
        const tasks = cpuOf(four, (cpu) => cpu.tasksMs);
        const blocking = cpuOf(four, (cpu) => cpu.blocking);
        const tbt = audit(four, 'total-blocking-time');
        return [
          name,
          fmt(tasks, 0),
          name === BARE ? 'reference' : signed(tasks - bareCpu),
          fmt(
            cpuOf(four, (cpu) => cpu.style),
            1,
          ),
          fmt(
            cpuOf(four, (cpu) => cpu.layout),
            1,
          ),
          fmt(
            cpuOf(four, (cpu) => cpu.script),
            1,
          ),
          fmt(
            cpuOf(four, (cpu) => cpu.paint),
            1,
          ),
          fmt(
            cpuOf(four, (cpu) => cpu.longestAfterPaintMs),
            1,
          ),
          fmt(blocking, 0),
          fmt(
            cpuOf(cal, (cpu) => cpu.blocking),
            0,
          ),
          blocking > 0 ? fmt(tbt / blocking, 1) : '',
        ];
      }),
    );
    // each page's scripts at 4× in the full browser: Lighthouse's per-script CPU (bootup-time: evaluation, and
    // parse and compile) and the long tasks attributed to each (long-tasks), medians over the runs
    const scriptRows = [];
    for (const [name] of pages) {
      const lhrs = atFour.get(name).lhrs;
      const scripts = new Map();
      const entry = (url) => {
        const key = scriptName(url);
        if (!scripts.has(key)) scripts.set(key, { evaluation: [], compile: [], tasks: [], taskMs: [] });
        return scripts.get(key);
      };
      lhrs.forEach((lhr, run) => {
        for (const item of lhr.audits['bootup-time']?.details?.items ?? []) {
          const row = entry(item.url);
          row.evaluation[run] = item.scripting ?? 0;
          row.compile[run] = item.scriptParseCompile ?? 0;
        }
        for (const item of lhr.audits['long-tasks']?.details?.items ?? []) {
          const row = entry(item.url);
          row.tasks[run] = (row.tasks[run] ?? 0) + 1;
          row.taskMs[run] = (row.taskMs[run] ?? 0) + item.duration;
        }
      });
      const runsOf = (values) => Array.from({ length: lhrs.length }, (_, run) => values[run] ?? 0);
      const rowsOfPage = [...scripts.entries()]
        .map(([script, row]) => ({
          script,
          evaluation: median(runsOf(row.evaluation)),
          compile: median(runsOf(row.compile)),
          tasks: median(runsOf(row.tasks)),
          taskMs: median(runsOf(row.taskMs)),
        }))
        .filter((row) => row.evaluation >= 5 || row.taskMs > 0)
        .sort((a, b) => b.evaluation + b.taskMs - (a.evaluation + a.taskMs));
      for (const row of rowsOfPage)
        scriptRows.push([name, row.script, fmt(row.evaluation, 0), fmt(row.compile, 0), fmt(row.tasks, 0), fmt(row.taskMs, 0)]);
    }
    printTable(
      `Lighthouse: each page's scripts at 4× in the full browser, median of ${repeats} runs (bootup-time: script evaluation, parse and compile; long-tasks: tasks over 50 ms attributed to the script)`,
      ['page', 'script', 'evaluation ms', 'parse + compile ms', 'long tasks', 'long tasks ms'],
      scriptRows,
    );
  } catch (error) {
    console.log(`\nLighthouse section skipped: ${error.message}`);
  } finally {
    await chrome?.kill();
    await server?.stop();
    await bareServer?.stop();
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

async function payoutsSection() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('\nPayouts section skipped: set BENCH_DATABASE_URL=postgres://… to time the payout job on PostgreSQL');
    return;
  }
  // BENCH_PAYOUTS=500 for a quick look; the issue's figure is 10,000
  const count = Number(process.env.BENCH_PAYOUTS ?? 10_000);
  const { tsImport } = await import('tsx/esm/api');
  const { benchPayouts } = await tsImport('../apps/server/src/ops/bench-payouts.ts', import.meta.url);
  try {
    const result = await benchPayouts(url, count);
    printTable(
      `Jobs (issue 28): the payout job on PostgreSQL, ${count.toLocaleString('en')} approved orders through the sandbox`,
      ['measure', 'value'],
      [
        ['payouts processed', String(result.processed)],
        ['disbursements posted', String(result.disbursements)],
        ['job runs until none queued', String(result.runs)],
        ['batches claimed (one statement each)', String(result.batches)],
        ['SQL statements sent by the app', String(result.statements)],
        ['statements per order', fmt(result.statements / result.orders, 1)],
        ['seconds', fmt(result.seconds, 1)],
      ],
    );
  } catch (error) {
    console.log(`\nPayouts section skipped: ${error.message}`);
  }
}

/** The p-th percentile of latencies (ms), nearest rank. */
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

/** A console operator of `role` signed in through the console's own sign-in (the demo operator's TOTP computed here): answers the session cookie. */
async function consoleSignIn(base, role) {
  const { tsImport } = await import('tsx/esm/api');
  const { CONSOLE_API_PREFIX } = await tsImport('../packages/contract/src/console/index.ts', import.meta.url);
  const { generate } = await import('otplib');
  const operator = (await (await fetch(`${base}/dev/console-operators`)).json()).find((entry) => entry.role === role);
  const signedIn = await fetch(`${base}${CONSOLE_API_PREFIX}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: operator.email, password: operator.password, code: await generate({ secret: operator.totpSecret }) }),
  });
  if (!signedIn.ok) throw new Error(`the console sign-in answered HTTP ${signedIn.status}: ${await signedIn.text()}`);
  return String(signedIn.headers.get('set-cookie')).split(';')[0];
}

/** One console call as the signed-in operator: its answer's data, or an error naming the call. */
async function consoleCall(base, cookie, path) {
  const { tsImport } = await import('tsx/esm/api');
  const { CONSOLE_API_PREFIX } = await tsImport('../packages/contract/src/console/index.ts', import.meta.url);
  const response = await fetch(`${base}${CONSOLE_API_PREFIX}${path}`, { headers: { cookie } });
  const body = await response.json().catch(() => null);
  if (!response.ok || body?.code !== '00')
    throw new Error(`${path} answered HTTP ${response.status} ${JSON.stringify(body)?.slice(0, 120)}`);
  return body.data;
}

/**
 * The console's heavy reads at scale: each of `calls` ([name, path]) called by `clients` operators at
 * once with one operator's session cookie, each waiting for its answer before the next, for
 * `seconds`; answers the latencies' p50, p95 and worst (autocannon gives no p95).
 */
async function measureConsoleCalls(base, cookie, calls, { clients = 4, seconds = 10 } = {}) {
  const rows = [];
  for (const [name, path] of calls) {
    const once = async () => {
      const started = performance.now();
      await consoleCall(base, cookie, path);
      return performance.now() - started;
    };
    try {
      await once(); // warm: plans cached, the JIT settled
      const latencies = [];
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < until) latencies.push(await once());
        }),
      );
      latencies.sort((a, b) => a - b);
      const p95 = percentile(latencies, 95);
      rows.push([
        name,
        String(latencies.length),
        fmt(percentile(latencies, 50), 0),
        fmt(p95, 0),
        fmt(latencies.at(-1), 0),
        p95 < 300 ? 'ok' : 'OVER',
      ]);
    } catch (error) {
      rows.push([name, 'failed', String(error.message).slice(0, 80), '', '', '']);
    }
  }
  return { clients, seconds, rows };
}

/** Issue 31: the console's borrower search and dashboard as a supervisor, on the grown borrowers ('+917' and nine digits, 'Scale borrower n', orders 'SCALE<borrower>-<k>'). */
const searchAndDashboardCalls = () => {
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  return [
    ['search: a phone', '/borrowers?q=%2B917000012345'],
    ['search: an order number', '/borrowers?q=SCALE12345-4'],
    ["search: a name's first letters", `/borrowers?q=${encodeURIComponent('Scale borrower 1234')}`],
    ['dashboard: India, last 30 days', '/dashboard?market=IN'],
    ['dashboard: India, a year', `/dashboard?market=IN&from=${yearAgo}&to=${today}`],
    ['dashboard list: loans 91+ days past due', '/dashboard/list?market=IN&figure=outstanding&part=91%2B'],
  ];
};

/** Each India collector's room in the collections rows: the demo's two collectors then hold 10,000 cases between them. */
const COLLECTOR_CAPACITY = Number(process.env.BENCH_COLLECTOR_CAPACITY ?? 5000) || 5000;

/**
 * Issue 52: collections at scale. The daily run (classification of every overdue order, cases
 * opened, allocation within each collector's room) run once through the job's own door and timed
 * (budget < 60 s); then the collector's queue, a supervisor's queues and a case page, as the console
 * calls them, 4 at once (budget p95 < 300 ms).
 */
async function collectionsAtScale(base, url, prepareCollectionsAt) {
  const prepared = await prepareCollectionsAt(url, COLLECTOR_CAPACITY);
  const started = performance.now();
  const response = await fetch(`${base}/dev/jobs/collections-daily/run`, { method: 'POST' });
  const body = await response.json().catch(() => null);
  const seconds = (performance.now() - started) / 1000;
  if (!response.ok || body?.code !== '00')
    throw new Error(`the daily collections run answered HTTP ${response.status} ${JSON.stringify(body)?.slice(0, 160)}`);
  const result = body.data?.result ?? {};
  printTable(
    `Scale (issue 52): the daily collections run on ${prepared.overdueOrders.toLocaleString('en')} overdue India orders among the grown book, ${prepared.collectors} India collectors with room for ${prepared.capacity.toLocaleString('en')} cases each`,
    ['measure', 'value'],
    [
      ['orders classified (a history row each)', String(result.classified)],
      ['cases opened', String(result.opened)],
      ['cases allocated', String(result.allocated)],
      ['cases left unallocated (no room)', String(result.unallocated)],
      ['seconds (budget < 60)', `${fmt(seconds, 1)} ${seconds < 60 ? 'ok' : 'OVER'}`],
    ],
  );
  const agent = await consoleSignIn(base, 'agent');
  const supervisor = await consoleSignIn(base, 'supervisor');
  const mine = await consoleCall(base, agent, '/collections/cases?scope=mine');
  const caseId = mine.list[0]?.caseId;
  // halfway down the queue, at the page size of the queue (QUEUE_PAGE_SIZE, 50)
  const far = Math.max(1, Math.floor(mine.total / 50 / 2));
  const agentCalls = [
    [`collector's queue (${mine.total.toLocaleString('en')} cases): first page`, '/collections/cases?scope=mine'],
    [`collector's queue: page ${far}`, `/collections/cases?scope=mine&page=${far}`],
    ...(caseId ? [["case page (the queue's first)", `/collections/cases/${caseId}`]] : []),
  ];
  const supervisorCalls = [
    ['supervisor: every open case, first page', '/collections/cases?scope=all&market=IN'],
    ['supervisor: unallocated cases, first page', '/collections/cases?scope=unallocated&market=IN'],
    ['supervisor: 31–60 days past due', '/collections/cases?scope=all&market=IN&minDays=31&maxDays=60'],
    ['supervisor: an order number', `/collections/cases?scope=all&orderNo=${encodeURIComponent(mine.list[0]?.orderNo ?? 'SCALE1-4')}`],
    ...(caseId ? [['supervisor: a case page', `/collections/cases/${caseId}`]] : []),
  ];
  const asAgent = await measureConsoleCalls(base, agent, agentCalls);
  const asSupervisor = await measureConsoleCalls(base, supervisor, supervisorCalls);
  printTable(
    `Scale (issue 52): collections in the console at ${prepared.overdueOrders.toLocaleString('en')} overdue, 4 callers at once for ${asAgent.seconds} s each (the demo agent's queue, then a supervisor's)`,
    ['call', 'answers', 'p50 ms', 'p95 ms', 'worst ms', 'budget p95 < 300 ms'],
    [...asAgent.rows, ...asSupervisor.rows],
  );
}

/**
 * The collections rows of the scale section alone (issue 46 §5): one database grown to
 * BENCH_SCALE_ORDERS orders, then the daily run and the queues and case page under load, as
 * `collectionsAtScale` does at the end of the whole section. `npm run bench -- scale-collections`:
 * the other scale rows take most of an hour and measure nothing of collections.
 */
async function scaleCollectionsSection() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('\nScale collections skipped: set BENCH_DATABASE_URL=postgres://… to measure collections with 1,000,000 orders');
    return;
  }
  const target = Number(process.env.BENCH_SCALE_ORDERS ?? 1_000_000);
  const { tsImport } = await import('tsx/esm/api');
  const { growOrders, prepareCollectionsAt } = await tsImport('../apps/server/src/ops/bench-scale.ts', import.meta.url);
  const scratch = await scratchDatabase(url);
  let server;
  try {
    server = await startServer({ DATABASE_URL: scratch.url });
    const grown = await growOrders(scratch.url, target);
    console.log(`\nScale: grew the database to ${grown.total.toLocaleString('en')} orders in ${fmt(grown.seconds, 0)} s`);
    const waited = await settled(90_000);
    console.log(`Scale: waited ${fmt(waited, 0)} s for the machine to go quiet after the growth (90 % idle for 2 s, at most 90 s)`);
    await collectionsAtScale(server.base, scratch.url, prepareCollectionsAt);
  } catch (error) {
    console.log(`\nScale collections failed: ${error.message}${server ? `\n${server.stderrTail()}` : ''}`);
  } finally {
    await server?.stop();
    // BENCH_KEEP_DATABASE=1: the grown database stays, named here, to read the statements' plans on it
    if (process.env.BENCH_KEEP_DATABASE) console.log(`\nScale collections: the grown database is kept at ${scratch.url}`);
    else await scratch.drop();
  }
}

/**
 * Issue 33's scale: the borrower's calls on a database of BENCH_SCALE_ORDERS orders (default
 * 1,000,000, with their schedules and ledgers) against the same calls on a database of 1,000 orders,
 * each with a server of its own, measured in turn (decision 175); how the growing tables were read
 * meanwhile, each statement the calls send through EXPLAIN; then the penalty accrual of 100,000
 * overdue orders among 1,000,000 open ones.
 */
async function scaleSection() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('\nScale section skipped: set BENCH_DATABASE_URL=postgres://… to measure Kilat with 1,000,000 orders on PostgreSQL');
    return;
  }
  const target = Number(process.env.BENCH_SCALE_ORDERS ?? 1_000_000);
  const { tsImport } = await import('tsx/esm/api');
  const { API_PREFIX, Endpoints } = await tsImport('../packages/contract/src/index.ts', import.meta.url);
  const { growOrders, scanCounts, explainCalls, summariseDashboardAt, prepareCollectionsAt, GROWING_TABLES } = await tsImport(
    '../apps/server/src/ops/bench-scale.ts',
    import.meta.url,
  );
  const autocannon = (
    (load) => (options) =>
      timed(load, options)
  )((await import('autocannon')).default);
  // two databases side by side, one kept at 1,000 orders and one grown, each with a server of its own: the
  // sizes are measured in turn, round after round (decision 175), so the machine's drift falls on both alike
  const scratchSmall = await scratchDatabase(url);
  const scratch = await scratchDatabase(url);
  let server;
  let smallServer;
  try {
    smallServer = await startServer({ DATABASE_URL: scratchSmall.url });
    server = await startServer({ DATABASE_URL: scratch.url });
    const freshBorrower = async (base) => (await fetch(`${base}/dev/session?market=IN&fresh=1`)).json();
    const callsOf = (session) => {
      const order = session.orders.find((entry) => entry.orderId === session.orderId) ?? session.orders[0];
      return [
        { name: 'loanDetails', fields: { orderId: order.orderId, productId: order.productId } },
        { name: 'myOrders', fields: {} },
        { name: 'repaymentWay', fields: { orderId: order.orderId } },
      ];
    };
    const optionsOf = (base, session, { name, fields }) => ({
      url: `${base}${API_PREFIX}${Endpoints[name].path}?market=${session.market}&deviceId=${encodeURIComponent(session.deviceId)}`,
      method: Endpoints[name].method,
      headers: { authorization: `Bearer ${session.sessionId}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const sizes = {
      small: { base: smallServer.base, session: await freshBorrower(smallServer.base) },
      large: { base: server.base, session: await freshBorrower(server.base) },
    };
    const session = sizes.large.session;
    const calls = callsOf(session);
    // each call warmed as the server section warms it (decision 169), then measured at both sizes in turn
    // for SCALE_ROUNDS rounds, the first size of a round the second of the one before
    const loadedRun = async (options) => {
      await autocannon({ ...options, connections: 50, duration: WARM_UP_SECONDS });
      return autocannon({ ...options, connections: 50, duration: 5 });
    };
    const measure = async () => {
      const figures = {};
      for (const [index, { name }] of calls.entries()) {
        figures[name] = { small: [], large: [] };
        for (let round = 0; round < SCALE_ROUNDS; round++) {
          for (const size of round % 2 === 0 ? ['small', 'large'] : ['large', 'small']) {
            const { base, session: borrower } = sizes[size];
            figures[name][size].push(await loadedRun(optionsOf(base, borrower, callsOf(borrower)[index])));
          }
        }
      }
      return figures;
    };
    const small = await growOrders(scratchSmall.url, 1_000);
    const grown = await growOrders(scratch.url, target);
    console.log(
      `\nScale: grew one database to ${grown.total.toLocaleString('en')} orders in ${fmt(grown.seconds, 0)} s; the other holds ${small.total.toLocaleString('en')}`,
    );
    // the growth's aftermath is not measured as the grown size's cost (decision 179)
    const waited = await settled(90_000);
    console.log(`Scale: waited ${fmt(waited, 0)} s for the machine to go quiet after the growth (90 % idle for 2 s, at most 90 s)`);
    const scansBefore = await scanCounts(scratch.url);
    const figures = await measure();
    await new Promise((resolve) => setTimeout(resolve, 1500)); // statistics reach pg_stat_user_tables when the backends go idle
    const scansAfter = await scanCounts(scratch.url);
    const sizeFigures = (runs) => ({
      perSecond: median(runs.map(perSecond)),
      runs: runs.map((run) => fmt(perSecond(run), 0)).join(', '),
      p99: Math.max(...runs.map((run) => run.latency.p99)),
      failed: runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
    });
    printTable(
      `Scale (issue 33): 50 connections, a fresh India borrower on each database, ${small.total.toLocaleString('en')} orders against ${grown.total.toLocaleString('en')}, measured in turn ${SCALE_ROUNDS} times`,
      [
        'call',
        `req/s at ${small.total.toLocaleString('en')} (median)`,
        'its runs',
        'worst p99 ms',
        `req/s at ${grown.total.toLocaleString('en')} (median)`,
        'its runs',
        'worst p99 ms',
        'change',
        'non-2xx and errors',
        'budget',
      ],
      calls.map(({ name }) => {
        const [before, after] = [sizeFigures(figures[name].small), sizeFigures(figures[name].large)];
        const change = (100 * (after.perSecond - before.perSecond)) / before.perSecond;
        return [
          name,
          fmt(before.perSecond, 0),
          before.runs,
          fmt(before.p99, 1),
          fmt(after.perSecond, 0),
          after.runs,
          fmt(after.p99, 1),
          `${change >= 0 ? '+' : ''}${fmt(change, 0)} %`,
          String(before.failed + after.failed),
          Math.abs(change) <= 10 ? 'within 10 %' : 'OVER 10 %',
        ];
      }),
    );
    printTable(
      'Scale: how the growing tables were read during the load at scale (pg_stat_user_tables)',
      ['table', 'whole-table reads', 'index reads'],
      GROWING_TABLES.map((table) => [
        table,
        String(scansAfter[table].seq - scansBefore[table].seq),
        String(scansAfter[table].idx - scansBefore[table].idx),
      ]),
    );
    const planned = await explainCalls(scratch.url, session, calls);
    printTable(
      'Scale: EXPLAIN of every statement the three calls send, at scale',
      ['call', 'statement', 'reads a growing table whole'],
      planned.map(({ call, statement, wholeTableReads }) => [
        call,
        statement.slice(0, 90),
        wholeTableReads.length ? `YES: ${wholeTableReads.join(', ')}` : 'no',
      ]),
    );
    for (const { call, statement, plan, wholeTableReads } of planned) {
      if (wholeTableReads.length) console.log(`\n${call}: ${statement}\n${plan.join('\n')}`);
    }
    // issue 31: the console's search and dashboard on the grown database, after the dashboard-summary
    // job's run that production makes every 15 minutes (decision 166): the grown closed days kept
    const summary = await summariseDashboardAt(scratch.url);
    console.log(
      `\nScale: the dashboard-summary job's first run on the grown database took ${fmt(summary.seconds, 1)} s (${JSON.stringify(summary.result)})`,
    );
    const consoleCalls = await measureConsoleCalls(server.base, await consoleSignIn(server.base, 'supervisor'), searchAndDashboardCalls());
    printTable(
      `Scale (issue 31): the console at ${grown.total.toLocaleString('en')} orders, ${consoleCalls.clients} supervisors at once for ${consoleCalls.seconds} s each`,
      ['call', 'answers', 'p50 ms', 'p95 ms', 'worst ms', 'budget p95 < 300 ms'],
      consoleCalls.rows,
    );
    // issue 52: the daily collections run and the collections queues on the grown database
    try {
      await collectionsAtScale(server.base, scratch.url, prepareCollectionsAt);
    } catch (error) {
      console.log(`\nScale collections rows failed: ${error.message}`);
    }
  } catch (error) {
    console.log(`\nScale section failed: ${error.message}${server ? `\n${server.stderrTail()}` : ''}`);
  } finally {
    await server?.stop();
    await smallServer?.stop();
    await scratch.drop();
    await scratchSmall.drop();
  }
  const { benchAccrual } = await tsImport('../apps/server/src/ops/bench-accrual.ts', import.meta.url);
  try {
    const overdue = Math.round(target / 10);
    const result = await benchAccrual(url, overdue, target - overdue);
    printTable(
      `Scale: daily penalty accrual on PostgreSQL, ${overdue.toLocaleString('en')} overdue among ${result.openOrders.toLocaleString('en')} open orders`,
      ['measure', 'value'],
      [
        ['orders replayed', String(result.orders)],
        ['penalty rows posted', String(result.penaltiesPosted)],
        ['seconds (budget < 60)', fmt(result.seconds, 1)],
      ],
    );
  } catch (error) {
    console.log(`\nScale accrual skipped: ${error.message}`);
  }
}

// `npm run bench -- web server lighthouse accrual payouts scale` runs only the named sections (default: all); `server-postgres` is the server section on PostgreSQL alone; `scale-collections` the scale section's collections rows alone
const wanted = new Set(process.argv.slice(2));
const runs = (section) => wanted.size === 0 || wanted.has(section);

if (runs('web') || runs('lighthouse')) {
  try {
    await webSection();
  } catch (error) {
    console.error(`\nbench: a build failed: ${error.message}`);
    process.exit(1);
  }
}
if (runs('server') || runs('server-postgres') || runs('lighthouse')) buildServerBundle();
// `server-postgres` runs the server section on PostgreSQL only
if (runs('server')) await serverSection('embedded PGlite', {});
if (runs('server') || runs('server-postgres')) {
  if (process.env.BENCH_DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.BENCH_DATABASE_URL);
    try {
      await serverSection('PostgreSQL', { DATABASE_URL: scratch.url });
    } finally {
      await scratch.drop();
    }
  } else {
    console.log('\nServer section on PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to measure it there too');
  }
}
if (runs('lighthouse')) await lighthouseSection();
if (runs('accrual')) await accrualSection();
if (runs('payouts')) await payoutsSection();
if (runs('scale')) {
  // the bundle is built above when a server section ran
  if (!(runs('server') || runs('server-postgres') || runs('lighthouse'))) buildServerBundle();
  await scaleSection();
}
// only when named: the whole scale section above already ends with these rows
if (wanted.has('scale-collections')) {
  if (!(runs('server') || runs('server-postgres') || runs('lighthouse') || runs('scale'))) buildServerBundle();
  await scaleCollectionsSection();
}
