/**
 * Builds the real app on a real database for API tests (fastify/demo `test/helper.ts`): a fresh
 * in-memory PGlite, or — when TEST_DATABASE_URL is set — a fresh schema of that PostgreSQL,
 * dropped again on close.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, type EndpointName, Endpoints, type Market } from '@kilat/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, vi } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.js';
import type { Config } from '../config.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openScratchSchema } from '../db/scratch-schema.js';
import { type MovableClock, movableClock } from '../lending/clock.js';
import { seedDemo, seedKeysOf } from '../modules/dev/seed/demo.js';
import { benchConfig } from '../ops/bench-app.js';

export interface TestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

export const openTestDatabase = async (): Promise<TestDatabase> => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, dispose: () => database.close() };
  }
  return openScratchSchema(url, 'kilat_test');
};

// the bench's configuration: sandboxes, no pages, nothing logged, and no jobs — tests move the clock and run
// the jobs themselves (app.jobs.runDue / runNow)
export const testConfig = (overrides: Partial<Config> = {}): Config => ({ ...benchConfig(), ...overrides });

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: MovableClock;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** seed the demo data first (default true) */
  seed?: boolean;
  /** add test-only routes before the app is ready */
  extend?: (app: FastifyInstance) => void;
  /** share a database already open (another app of the same file); the caller disposes it */
  database?: TestDatabase;
  /** what buildApp takes besides the config and the database (an SMS provider, a log stream) */
  app?: Pick<BuildAppOptions, 'sms' | 'logStream'>;
}

/** Starting PGlite is the slow part of an API test file; on a busy machine it takes a while. */
export const SETUP_TIMEOUT_MS = 180_000;

export const buildTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const config = testConfig(options.config);
  const clock = movableClock(new Date());
  const shared = options.database;
  const { database, dispose } = shared ?? (await openTestDatabase());
  await migrate(database);
  if (options.seed ?? true) await seedDemo(database.db, clock, seedKeysOf(config));
  const app = await buildApp({ config, database, clock, defaultMetrics: false, ...options.app });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      if (!shared) await dispose();
    },
  };
};

/**
 * The set-up every API test file shares: the app is built before the file's tests (after the
 * hooks declared before this call) and closed after them. The answer is filled in by then:
 * `const t = useTestApp(); … t.app`. Options that depend on something made in an earlier hook
 * (a temporary folder, a replay server, a shared database) are given as a function, called when
 * the app is built: `useTestApp(() => ({ config: { uploadDir: dir.path } }))`.
 */
export const useTestApp = (options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {}): TestApp => {
  const test = {} as TestApp;
  beforeAll(async () => {
    Object.assign(test, await buildTestApp(typeof options === 'function' ? await options() : options));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await test.close?.();
  }, SETUP_TIMEOUT_MS);
  return test;
};

/**
 * One database for the file, opened before the hooks declared after this call and disposed after
 * them (vitest runs after-hooks in reverse): for files that build several apps on one database
 * (`useTestApp({ database: shared })`: it is filled in by the time the apps are built) or test the
 * database itself.
 */
export const useTestDatabase = (): TestDatabase => {
  const test = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(test, await openTestDatabase());
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await test.dispose?.();
  }, SETUP_TIMEOUT_MS);
  return test;
};

/** A temporary folder for the file (uploads, a built web app), made before later hooks and removed after them. */
export const useTempDir = (prefix: string): { path: string } => {
  const dir = { path: '' };
  beforeAll(async () => {
    dir.path = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dir.path) await rm(dir.path, { recursive: true, force: true });
  });
  return dir;
};

export interface DemoSession {
  sessionId: string;
  deviceId: string;
  userId: string;
  market: Market;
  orderId: string;
  productId: string;
}

export const demoSession = async (app: FastifyInstance, market: Market): Promise<DemoSession> => {
  const response = await app.inject({ method: 'GET', url: `/dev/session?market=${market}` });
  if (response.statusCode !== 200) throw new Error(`/dev/session answered ${response.statusCode}: ${response.body}`);
  return response.json();
};

export interface CallOptions {
  session?: Pick<DemoSession, 'sessionId' | 'deviceId'> | undefined;
  query?: Record<string, string>;
  body?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Injects a contract call the way the web client makes it: common params in the query, a form body, a bearer token. */
export const call = (app: FastifyInstance, name: EndpointName, options: CallOptions = {}) => {
  const endpoint = Endpoints[name];
  const query = new URLSearchParams({ ...(options.session ? { deviceId: options.session.deviceId } : {}), ...options.query });
  const request: InjectOptions = {
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}?${query}`,
    headers: {
      ...(options.session ? { authorization: `Bearer ${options.session.sessionId}` } : {}),
      ...options.headers,
    },
  };
  if (endpoint.method === 'POST') {
    request.payload = new URLSearchParams(options.body ?? {}).toString();
    request.headers = { ...request.headers, 'content-type': 'application/x-www-form-urlencoded' };
  }
  return app.inject(request);
};

/**
 * Statements sent to the database while `work` runs (every driver call goes through the client's
 * `query`): counted, so a query added later fails. `counted` picks by the statement's text.
 */
export const statementsDuring = async (
  database: Database,
  work: () => Promise<unknown>,
  counted: (text: string) => boolean = () => true,
): Promise<number> => {
  // drizzle keeps the driver's client (PGlite, or the pg pool) as $client
  const { $client: client } = database.db as unknown as { $client: { query: (...args: never[]) => Promise<unknown> } };
  const query = vi.spyOn(client, 'query');
  try {
    await work();
    const textOf = (statement: unknown) => (typeof statement === 'string' ? statement : String((statement as { text?: unknown }).text));
    return query.mock.calls.filter(([statement]) => counted(textOf(statement))).length;
  } finally {
    query.mockRestore();
  }
};
