/**
 * CI step of issue 16: Kilat as an operator runs it behind a load balancer. Three server
 * processes start at once on one empty PostgreSQL database, one Redis and one S3-compatible store
 * (s3rver); one is stopped with SIGTERM, and the other two are driven through a tiny local proxy
 * that sets X-Forwarded-For, round-robin. It checks what two instances must agree on:
 *   - three instances started at once on an empty database all come up (migrations and seeds under one lock);
 *   - a per-IP limit holds across both instances, and two client addresses get separate buckets;
 *   - an image uploaded through one is served by the other only with the owner's session or a fresh signed link;
 *   - six simultaneous login-code requests send one SMS;
 *   - a session logged out on one is refused on the other at once, through Redis (issue 32), not after its cache lapses.
 *
 * Usage: DATABASE_URL=postgres://…/<empty db> node --import tsx scripts/two-instances.ts
 * Needs `redis-server` on the PATH (or REDIS_SERVER). Ends within TIME_LIMIT_MS whatever happens.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, Endpoints } from '@kilat/contract';
import S3rver from 's3rver';
import sharp from 'sharp';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const MAIN = join(ROOT, 'apps/server/src/main.ts');
const TIME_LIMIT_MS = 240_000;
const RATE_LIMIT_MAX = 20;
const BUCKET = 'kilat-evidence';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL (an empty PostgreSQL database) is required');
  process.exit(2);
}

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
let passed = 0;
let failed = 0;

const check = (what: string, ok: boolean, detail = '') => {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok' : 'not ok'} - ${what}${ok || !detail ? '' : ` (${detail})`}`);
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitFor = async (what: string, probe: () => Promise<boolean>, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await probe().catch(() => false)) return true;
    await sleep(250);
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
};

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** redis-server on its own port, no persistence. */
const startRedis = async () => {
  const port = await freePort();
  const redis = spawn(process.env.REDIS_SERVER ?? 'redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  children.push(redis);
  await waitFor(
    'redis to accept connections',
    () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      }),
    15_000,
  );
  return `redis://127.0.0.1:${port}`;
};

const startS3 = async () => {
  const directory = await mkdtemp(join(tmpdir(), 'kilat-ci-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const address = (await server.run()) as AddressInfo;
  cleanups.push(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });
  return `http://127.0.0.1:${address.port}`;
};

interface Instance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  output: string[];
}

const startInstance = async (name: string, env: Record<string, string>): Promise<Instance> => {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  return { name, port, base: `http://127.0.0.1:${port}`, child, output };
};

/** The load balancer: round-robin over the instances, X-Forwarded-For set from the test's client address. */
const startProxy = async (backends: Instance[]) => {
  let next = 0;
  const server = http.createServer((request, response) => {
    const backend = backends[next++ % backends.length]!;
    const client = String(request.headers['x-test-client'] ?? request.socket.remoteAddress ?? '');
    const headers = { ...request.headers, 'x-forwarded-for': client, 'x-served-by-test': backend.name };
    delete headers['x-test-client'];
    const upstream = http.request(
      { host: '127.0.0.1', port: backend.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': backend.name });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const api = (name: keyof typeof Endpoints) => `${API_PREFIX}${Endpoints[name].path}`;

const run = async () => {
  const redisUrl = await startRedis();
  const s3Endpoint = await startS3();
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3Endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent/kilat-web-dist',
    DATA_DIR: await mkdtemp(join(tmpdir(), 'kilat-ci-data-')),
  };

  // 1. three instances at once on the empty database
  const instances = await Promise.all(['a', 'b', 'c'].map((name) => startInstance(name, env)));
  const ready = await Promise.all(
    instances.map((instance) =>
      waitFor(`instance ${instance.name} ready`, async () => (await fetch(`${instance.base}/readyz`)).ok, 120_000).catch(() => false),
    ),
  );
  check(
    'three instances started at once on an empty database all come up',
    ready.every(Boolean),
    instances.map((i) => i.output.join('').slice(-400)).join(' | '),
  );
  if (!ready.every(Boolean)) return;

  // the third one is stopped the way an orchestrator does: SIGTERM, readiness first, then a clean exit
  const third = instances[2]!;
  third.child.kill('SIGTERM');
  check('an instance stopped with SIGTERM exits cleanly', (await exitOf(third.child)) === 0);

  const [a, b] = instances as [Instance, Instance];
  const proxy = await startProxy([a, b]);
  const through = (path: string, client: string, init: RequestInit = {}) =>
    fetch(`${proxy}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-test-client': client } });

  // 2. one per-IP limit across both instances; another client has its own bucket
  const statuses: number[] = [];
  const backends = new Set<string>();
  for (let i = 0; i < RATE_LIMIT_MAX + 5; i += 1) {
    const response = await through(`${api('captchaSession')}?market=IN`, '203.0.113.10');
    statuses.push(response.status);
    backends.add(response.headers.get('x-backend') ?? '');
  }
  const allowed = statuses.filter((status) => status === 200).length;
  check(
    `a per-IP limit of ${RATE_LIMIT_MAX} a minute holds across both instances`,
    allowed === RATE_LIMIT_MAX && statuses.slice(RATE_LIMIT_MAX).every((status) => status === 429) && backends.size === 2,
    `allowed ${allowed}, backends ${[...backends].join(',')}`,
  );
  const other = await through(`${api('captchaSession')}?market=IN`, '198.51.100.20');
  check('another client address gets its own bucket', other.status === 200, `status ${other.status}`);

  // 3. an image uploaded through one instance, served by the other only to its owner or with a fresh signed link
  const session = await (await fetch(`${a.base}/dev/session?market=IN&fresh=1`)).json();
  const stranger = await (await fetch(`${a.base}/dev/session?market=IN&fresh=1`)).json();
  const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0b6b3a' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('problemImage', new Blob([jpeg], { type: 'image/jpeg' }), 'evidence.jpg');
  const uploaded = await fetch(`${a.base}${api('uploadProblemImage')}?deviceId=${session.deviceId}&market=IN`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${session.sessionId}` },
  });
  const url: string = (await uploaded.json()).data?.url ?? '';
  const path = url.split('?')[0] ?? '';
  const on = (instance: Instance, target: string, who?: { sessionId: string; deviceId: string }) =>
    fetch(`${instance.base}${target}${who ? `?deviceId=${who.deviceId}` : ''}`, {
      headers: who ? { authorization: `Bearer ${who.sessionId}` } : {},
    });
  const signed = await on(b, url);
  const bare = await on(b, path);
  const owners = await on(b, path, session);
  const strangers = await on(b, path, stranger);
  check(
    'an image uploaded through one instance is served by the other with a fresh signed link or the owner’s session only',
    uploaded.ok && signed.status === 200 && owners.status === 200 && bare.status === 404 && strangers.status === 404,
    `upload ${uploaded.status}, signed ${signed.status}, owner ${owners.status}, bare ${bare.status}, stranger ${strangers.status}`,
  );

  // 4. six simultaneous login-code requests for one phone, spread over both instances: one SMS
  const phone: string = session.phone;
  const inbox = async () => ((await (await fetch(`${a.base}/dev/sms?phone=${phone}`)).json()).data as { purpose: string }[]) ?? [];
  const before = (await inbox()).filter((sms) => sms.purpose === 'login').length;
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      through(`${api('loginCode')}?market=IN`, `192.0.2.${i + 1}`, {
        method: 'POST',
        body: new URLSearchParams({ phone }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }).then(async (response) => ({ status: response.status, code: (await response.json()).code as string })),
    ),
  );
  const sent = (await inbox()).filter((sms) => sms.purpose === 'login').length - before;
  check(
    'six simultaneous login-code requests on two instances send one SMS',
    sent === 1 && answers.filter((answer) => answer.code === '00').length === 1,
    `sent ${sent}, answers ${answers.map((answer) => answer.code).join(',')}`,
  );

  // 5. a logout on one instance is refused on the other at once, not when its 30-second session cache lapses (issue 32)
  const leaving = await (await fetch(`${a.base}/dev/session?market=IN&fresh=1`)).json();
  const asLeaving = (instance: Instance, name: 'messagesUnread' | 'logout') =>
    fetch(`${instance.base}${api(name)}?deviceId=${leaving.deviceId}&market=IN`, {
      method: 'POST',
      body: '',
      headers: { authorization: `Bearer ${leaving.sessionId}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
  // instance b checks the session, so its cache holds it
  const cachedOnB = (await asLeaving(b, 'messagesUnread')).status;
  const loggedOut = (await asLeaving(a, 'logout')).status;
  // the message crosses Redis between two processes: a few seconds at most, well inside the cache's 30
  const refusedOnB = await waitFor(
    'b refusing the logged-out session',
    async () => (await asLeaving(b, 'messagesUnread')).status === 401,
    5_000,
  ).catch(() => false);
  check(
    'a session logged out on one instance is refused on the other within seconds, not after its 30-second cache',
    cachedOnB === 200 && loggedOut === 200 && refusedOnB,
    `cached on b ${cachedOnB}, logout on a ${loggedOut}, refused on b ${refusedOnB}`,
  );

  await rm(env.DATA_DIR, { recursive: true, force: true });
};

const stopAll = async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.race([Promise.all(children.map(exitOf)), sleep(15_000)]);
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
};

const deadline = setTimeout(() => {
  console.error(`two-instances: not done within ${TIME_LIMIT_MS} ms`);
  failed += 1;
  void stopAll().then(() => process.exit(1));
}, TIME_LIMIT_MS);

run()
  .catch((error: unknown) => {
    failed += 1;
    console.error(error);
  })
  .finally(async () => {
    clearTimeout(deadline);
    await stopAll();
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed === 0 && passed > 0 ? 0 : 1);
  });
