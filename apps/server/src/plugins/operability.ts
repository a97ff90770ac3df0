/**
 * What an operator and a load balancer need from every instance (issue 16): `/livez` (the process
 * answers), `/readyz` (the database answers and the instance is not shutting down), `/metrics`
 * (Prometheus text: requests per route, their latency, the database pool, the event loop), and
 * the request id a balancer assigned, honoured and echoed back. `/metrics` has its own door
 * (issue 32, decision 130): the bearer of METRICS_TOKEN only, and with METRICS_PORT only on that
 * port, never on the public one.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import type { Database } from '../db/database.js';

export const OPERABILITY_PATHS = ['/livez', '/readyz', '/metrics'];

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface DurationSeries {
  labels: { method: string; route: string; status_code: string };
  /** answers at or under each bound of DURATION_BUCKETS, not cumulative */
  perBucket: number[];
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds`, a Prometheus histogram by route pattern, method and status, kept in
 * plain numbers a request and turned into the registry's values at scrape time. prom-client's own
 * histogram child validates and hashes its labels on every observation: 6 µs of a 124 µs request on
 * the floor route, measured (decision 174).
 */
class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time from a request arriving to its reply being sent, by route pattern, method and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  // route → method → status: found without building a key string a request (a template key cost
  // 0.4 µs to build and hash on each answer, the lookups by the strings Fastify keeps 0.04 µs)
  private readonly byRoute = new Map<string, Map<string, Map<number, DurationSeries>>>();
  private readonly series: DurationSeries[] = [];

  observe(method: string, route: string, statusCode: number, seconds: number) {
    let methods = this.byRoute.get(route);
    if (!methods) {
      methods = new Map();
      this.byRoute.set(route, methods);
    }
    let statuses = methods.get(method);
    if (!statuses) {
      statuses = new Map();
      methods.set(method, statuses);
    }
    let found = statuses.get(statusCode);
    if (!found) {
      found = { labels: { method, route, status_code: String(statusCode) }, perBucket: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
      statuses.set(statusCode, found);
      this.series.push(found);
    }
    for (let i = 0; i < DURATION_BUCKETS.length; i++) {
      if (seconds <= (DURATION_BUCKETS[i] as number)) {
        found.perBucket[i] = (found.perBucket[i] as number) + 1;
        break;
      }
    }
    found.sum += seconds;
    found.count += 1;
  }

  /** The registry's shape of a histogram's values: cumulative buckets, +Inf, sum and count, each with the series' labels. */
  get() {
    const values = this.series.flatMap(({ labels, perBucket, sum, count }) => {
      let below = 0;
      const buckets = DURATION_BUCKETS.map((bound, i) => {
        below += perBucket[i] as number;
        return { labels: { le: bound }, sharedLabels: labels, value: below, metricName: `${this.name}_bucket` };
      });
      return [
        ...buckets,
        { labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: `${this.name}_bucket` },
        { labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` },
      ];
    });
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset() {
    this.byRoute.clear();
    this.series.length = 0;
  }
}

/** The process's metrics; other modules (jobs, outbox) add theirs to `registry`. */
export class Metrics {
  readonly registry = new Registry();
  private readonly requestDurations = new RequestDurations();

  /** One answered request's time; the route is its pattern, so the series are as many as the routes' answers. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number) {
    this.requestDurations.observe(method, route, statusCode, seconds);
  }

  constructor(options: { defaults?: boolean } = {}) {
    // process CPU, memory, GC and event-loop lag (nodejs_eventloop_lag_seconds, nodejs_eventloop_lag_p99_seconds)
    if (options.defaults ?? true) collectDefaultMetrics({ register: this.registry });
    // the registry reads a metric through name, help, type, get() and reset(): the shape RequestDurations has
    this.registry.registerMetric(this.requestDurations as unknown as Metric);
  }

  /** Pool gauges read at scrape time. */
  watchPool(database: Database) {
    const stats = database.poolStats;
    if (!stats) return;
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read());
        },
      });
    gauge('db_pool_connections', 'Connections the pool holds open', () => stats().total);
    gauge('db_pool_idle_connections', 'Open connections not in use', () => stats().idle);
    gauge('db_pool_waiting_requests', 'Queries waiting for a free connection', () => stats().waiting);
  }
}

/** Readiness: false from the moment the instance is asked to stop, so the balancer drains it first. */
export class Readiness {
  draining = false;
}

const REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** Fastify's genReqId: the balancer's `x-request-id` when it looks like one, else a new id. */
export const requestIdOf = (request: IncomingMessage): string => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
};

export interface OperabilityDeps {
  database: Database;
  metrics: Metrics;
  readiness: Readiness;
  /** METRICS_TOKEN and METRICS_PORT */
  access: MetricsAccess;
}

export interface MetricsAccess {
  token: string | undefined;
  port: number | undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when no token is configured, or the request's `Authorization: Bearer …` is it (compared in constant time). */
export const metricsAllowed = (token: string | undefined, authorization: string | undefined): boolean => {
  if (token === undefined) return true;
  const given = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
};

/** The Prometheus text of /metrics for a request, or a refusal: 401 without the token. */
const scrape = async (metrics: Metrics, token: string | undefined, authorization: string | undefined) =>
  metricsAllowed(token, authorization)
    ? { status: 200, type: metrics.registry.contentType, body: await metrics.registry.metrics() }
    : { status: 401, type: 'application/json; charset=utf-8', body: JSON.stringify({ status: 'unauthorized' }) };

/**
 * METRICS_PORT: /metrics alone on its own port (bound like the app to HOST; keep the port off the
 * public network), still behind the token when one is set. Anything else there is a 404.
 */
export const serveMetrics = async (metrics: Metrics, access: MetricsAccess & { port: number }, host: string): Promise<Server> => {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ status: 'not found' }));
      return;
    }
    scrape(metrics, access.token, request.headers.authorization).then(
      ({ status, type, body }) => response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(access.port, host, () => resolve());
  });
  return server;
};

const READY_TIMEOUT_MS = 2_000;

export const registerOperability = (app: FastifyInstance, { database, metrics, readiness, access }: OperabilityDeps) => {
  // callback hooks, not async ones: no promise a request (issue 33, decision 169)
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    if (!OPERABILITY_PATHS.includes(route)) metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const plain = { schema: { hide: true }, config: { rateLimit: false }, logLevel: 'warn' as const };
  app.get('/livez', plain, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', plain, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (readiness.draining) return reply.code(503).send({ status: 'draining' });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        database.db.execute(sql`select 1`),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
        }),
      ]);
      return reply.send({ status: 'ready' });
    } catch (error) {
      request.log.warn({ reason: (error as Error).message }, 'not ready: the database does not answer');
      return reply.code(503).send({ status: 'database unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
  // with METRICS_PORT the public port has no /metrics at all (main.ts serves it on that port)
  if (access.port !== undefined) return;
  app.get('/metrics', plain, async (request, reply) => {
    const { status, type, body } = await scrape(metrics, access.token, request.headers.authorization);
    return reply.code(status).header('cache-control', 'no-store').type(type).send(body);
  });
};
