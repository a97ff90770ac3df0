/**
 * What the CI runs of several Kilat instances share (scripts/two-instances.ts, scripts/chaos.ts):
 * free ports, waiting, a Redis and an S3-protocol store (s3rver) of their own that can be stopped
 * and started again on the same port, PostgreSQL in a temporary cluster, server processes from
 * apps/server/src/main.ts and the small round-robin proxy in front of them. Everything listens on
 * 127.0.0.1 only, and everything started is stopped by `stopAll`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import S3rver from 's3rver';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
const MAIN = join(ROOT, 'apps/server/src/main.ts');
export const BUCKET = 'kilat-evidence';

const run = promisify(execFile);
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

/** Something `stopAll` must undo too (a temporary folder). */
export const onStop = (cleanup: () => Promise<void>) => void cleanups.push(cleanup);

/** ok / not ok lines, counted: the run exits 1 when one failed. */
export const checks = { passed: 0, failed: 0 };
export const check = (what: string, ok: boolean, detail = '') => {
  if (ok) checks.passed += 1;
  else checks.failed += 1;
  console.log(`${ok ? 'ok' : 'not ok'} - ${what}${ok || !detail ? '' : ` (${detail})`}`);
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const waitFor = async (what: string, probe: () => Promise<boolean>, timeoutMs: number, everyMs = 250) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await probe().catch(() => false)) return true;
    await sleep(everyMs);
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
};

export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A dependency the chaos run takes away and gives back, on the same address. */
export interface Service {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** redis-server on its own port, no persistence. */
export const startRedis = async (): Promise<Service> => {
  const port = await freePort();
  let redis: ChildProcess | null = null;
  const start = async () => {
    redis = spawn(
      process.env.REDIS_SERVER ?? 'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    children.push(redis);
    await waitFor('redis to accept connections', () => accepts(port), 15_000);
  };
  const stop = async () => {
    if (!redis) return;
    redis.kill('SIGTERM');
    await exitOf(redis);
    redis = null;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
};

/** s3rver with the evidence bucket; stopped and started again on the same port and folder. */
export const startS3 = async (): Promise<Service> => {
  const directory = await mkdtemp(join(tmpdir(), 'kilat-ci-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    port = ((await server.run()) as AddressInfo).port;
  };
  const stop = async () => {
    if (!server) return;
    // a store that goes away drops its clients' open connections too: close() alone waits for their keep-alive to lapse
    const closing = server.close();
    (server as unknown as { httpServer?: http.Server }).httpServer?.closeAllConnections();
    await closing;
    server = null;
  };
  await start();
  cleanups.push(async () => {
    await stop();
    await rm(directory, { recursive: true, force: true });
  });
  return { url: `http://127.0.0.1:${port}`, start, stop };
};

/** The environment every instance gets for the store. */
export const s3Env = (endpoint: string) => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

/**
 * A PostgreSQL cluster of its own: initdb into a temporary folder, its own port, trust auth on
 * 127.0.0.1, fsync on (the default). Run as the `postgres` user when this process is root
 * (initdb refuses root). `restart` is `pg_ctl restart -m fast`.
 */
export const startPostgres = async (): Promise<Service & { restart(): Promise<void> }> => {
  const versions = (await readdir('/usr/lib/postgresql').catch(() => [] as string[])).sort((a, b) => Number(b) - Number(a));
  const bin = process.env.PG_BIN ?? (versions[0] ? `/usr/lib/postgresql/${versions[0]}/bin` : '');
  if (!bin) throw new Error('no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (or PG_BIN)');
  const root = await mkdtemp(join(tmpdir(), 'kilat-ci-pg-'));
  const data = join(root, 'data');
  const asUser: { uid?: number; gid?: number } = {};
  if (process.getuid?.() === 0) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(root, uid, gid);
    Object.assign(asUser, { uid, gid });
  }
  const pg = (tool: string, args: string[]) => run(join(bin, tool), args, { ...asUser, cwd: root, maxBuffer: 4 * 1024 * 1024 });
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=on -c max_connections=100`;
  const ctl = (action: string, extra: string[] = []) =>
    pg('pg_ctl', [action, '-D', data, '-w', '-t', '60', '-l', join(root, 'server.log'), '-o', options, ...extra]);
  await ctl('start');
  cleanups.push(async () => {
    await ctl('stop', ['-m', 'immediate']).catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => void (await ctl('start')),
    stop: async () => void (await ctl('stop', ['-m', 'fast'])),
    restart: async () => void (await ctl('restart', ['-m', 'fast'])),
  };
};

export interface Instance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  output: string[];
}

/** apps/server/src/main.ts through tsx on its own port (the same port again when `port` is given). */
export const startInstance = async (name: string, env: Record<string, string>, port?: number): Promise<Instance> => {
  const listen = port ?? (await freePort());
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(listen), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  return { name, port: listen, base: `http://127.0.0.1:${listen}`, child, output };
};

export const isReady = async (instance: Instance) => (await fetch(`${instance.base}/readyz`)).ok;

const readBody = (request: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

/**
 * The load balancer: round-robin over the instances, X-Forwarded-For set from the test's client
 * address (`x-test-client`). A backend that refuses the connection never saw the request, so the
 * proxy tries the next one, as a load balancer does with a dead target; a backend that dies
 * during a request answers 502, since it may have acted on it.
 */
export const startProxy = async (backends: Instance[]) => {
  let next = 0;
  const forward = (request: http.IncomingMessage, response: http.ServerResponse, body: Buffer, first: number, tries: number) => {
    const backend = backends[(first + tries) % backends.length]!;
    const client = String(request.headers['x-test-client'] ?? request.socket.remoteAddress ?? '');
    const headers: http.OutgoingHttpHeaders = { ...request.headers, 'x-forwarded-for': client, 'x-served-by-test': backend.name };
    delete headers['x-test-client'];
    const upstream = http.request(
      { host: '127.0.0.1', port: backend.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': backend.name });
        answer.pipe(response);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && tries + 1 < backends.length) return forward(request, response, body, first, tries + 1);
      if (!response.headersSent) response.writeHead(502, { 'x-backend': backend.name });
      response.end();
    });
    upstream.end(body);
  };
  const server = http.createServer((request, response) => {
    readBody(request).then(
      (body) => forward(request, response, body, next++, 0),
      () => response.destroy(),
    );
  });
  // longer than any client's idle keep-alive: the proxy never closes a connection a client is about to reuse
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** Stops every process started here (SIGTERM, then SIGKILL after 15 s) and runs the clean-ups. */
export const stopAll = async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.race([Promise.all(children.map(exitOf)), sleep(15_000)]);
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
};

/** Runs `body`, prints the count, exits 0 only when every check passed, and ends within `limitMs` whatever happens. */
export const runChecks = (name: string, limitMs: number, body: () => Promise<void>) => {
  const deadline = setTimeout(() => {
    console.error(`${name}: not done within ${limitMs} ms`);
    checks.failed += 1;
    void stopAll().then(() => process.exit(1));
  }, limitMs);
  // stopped from outside (CI's timeout, ^C): the PostgreSQL cluster is a daemon and the children outlive us unless stopped
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      console.error(`${name}: ${signal}, stopping what it started`);
      void stopAll().then(() => process.exit(1));
    });
  body()
    .catch((error: unknown) => {
      checks.failed += 1;
      console.error(error);
    })
    .finally(async () => {
      clearTimeout(deadline);
      await stopAll();
      console.log(`${checks.passed} passed, ${checks.failed} failed`);
      process.exit(checks.failed === 0 && checks.passed > 0 ? 0 : 1);
    });
};
