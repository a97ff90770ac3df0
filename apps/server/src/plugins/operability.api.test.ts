import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_PREFIX, Endpoints, Market, ResultCode } from '@kilat/contract';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, demoSession, openTestDatabase, useTempDir, useTestApp } from '../test/app.js';
import { logCapture } from '../test/log-capture.js';

const webDist = useTempDir('kilat-web-');
const logs = logCapture();

beforeAll(async () => {
  // a built web app whose index page would answer any path the server does not own
  await writeFile(join(webDist.path, 'index.html'), '<!doctype html><title>Kilat</title>');
});
const t = useTestApp(() => ({ config: { webDist: webDist.path, logLevel: 'info' }, app: { logStream: logs.stream } }));

describe('health and metrics', () => {
  it('answers /livez and /readyz itself, not with the web app’s index page', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    // the page routes still get the index page; a retired probe name gets a 404, not the page
    expect((await t.app.inject({ method: 'GET', url: '/loan' })).body).toContain('<title>Kilat</title>');
    const old = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(old.statusCode).toBe(404);
    expect(old.body).not.toContain('<title>');
  });

  it('fails readiness, while liveness holds, once the instance starts draining', async () => {
    t.app.operability.readiness.draining = true;
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      t.app.operability.readiness.draining = false;
    }
  });

  it('counts requests and their latency per route pattern in Prometheus text, with the event loop’s lag', async () => {
    await call(t.app, 'captchaSession', { query: { market: 'IN' } });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    const route = `${API_PREFIX}${Endpoints.captchaSession.path}`;
    expect(metrics.body).toMatch(
      new RegExp(`http_request_duration_seconds_count\\{method="GET",route="${route.replaceAll('/', '\\/')}",status_code="200"\\} [1-9]`),
    );
    // an unknown path is counted under one label, so scanners cannot grow the series without bound
    const unmatched = async () => {
      const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      return Number(
        /http_request_duration_seconds_count\{method="GET",route="\(unmatched\)",status_code="404"\} (\d+)/.exec(body)?.[1] ?? 0,
      );
    };
    const before = await unmatched();
    await t.app.inject({ method: 'GET', url: '/giants/no-such-call-1' });
    await t.app.inject({ method: 'GET', url: '/giants/no-such-call-2' });
    expect(await unmatched()).toBe(before + 2);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('no-such-call');
  });

  it('exposes process metrics, event-loop lag among them, on a registry other modules add to', async () => {
    const app = await buildTestApp({ seed: false, app: {} });
    try {
      // the test app leaves the process collectors off; a registry that has them shows the lag
      const { Metrics } = await import('./operability.js');
      const metrics = new Metrics();
      expect(await metrics.registry.metrics()).toContain('nodejs_eventloop_lag_seconds');
      const { Counter } = await import('prom-client');
      new Counter({ name: 'jobs_run_total', help: 'jobs run', registers: [app.app.operability.metrics.registry] }).inc();
      expect((await app.app.inject({ method: 'GET', url: '/metrics' })).body).toContain('jobs_run_total 1');
    } finally {
      await app.close();
    }
  });
});

describe('request ids', () => {
  it('echoes the balancer’s x-request-id, and gives one to a request that has none or a malformed one', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42');
    const none = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': 'a b\u0000<script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is on every line a request logs at the configured level, and a route logged at warn writes none at info', async () => {
    await t.app.inject({ method: 'GET', url: '/docs/json', headers: { 'x-request-id': 'lb-logged.1' } });
    await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': 'lb-quiet.2' } });
    const lines = logs
      .text()
      .split('\n')
      .filter((line) => line.includes('lb-logged.1'))
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines.every((line) => line.reqId === 'lb-logged.1')).toBe(true);
    expect(logs.text()).not.toContain('lb-quiet.2');
  });
});

describe('request logs', () => {
  it('hold no query string, phone, card number or agreement token, and a card number in the query is never used', async () => {
    const prospectPhone = '9876501234';
    await call(t.app, 'trackClick', { query: { market: 'IN', page_id: '1', page_type: '1', phone: prospectPhone } });

    const session = await demoSession(t.app, Market.India);
    const cardNo = '4111111111111111';
    // every bind-card field in the query: refused as missing, so the card is neither bound nor read
    const bind = await call(t.app, 'bindCard', {
      session,
      query: { market: 'IN', bankCode: 'HDFC', cardNo, holderName: 'Asha Rao' },
      body: {},
    });
    expect(bind.statusCode).toBe(400);
    expect(bind.json().code).toBe(ResultCode.InvalidRequest);

    const jump = await call(t.app, 'contractJump', {
      session,
      query: { market: 'IN' },
      body: { orderId: session.orderId, productId: session.productId, scene: '3', position: '0' },
    });
    const url: string | undefined = jump.json().data?.contract_url;
    expect(url).toBeTruthy();
    const token = url!.split('/').at(-1)!;
    expect((await t.app.inject({ method: 'GET', url: url! })).statusCode).toBe(200);

    const text = logs.text();
    expect(text).toContain('incoming request');
    for (const secret of [prospectPhone, cardNo, token, session.sessionId, 'page_id=']) expect(text).not.toContain(secret);
    // the request line is still there, by its path
    expect(text).toContain(`"url":"${API_PREFIX}${Endpoints.trackClick.path}"`);
  });
});

describe('when the database goes away', () => {
  it('fails readiness and keeps the process serving', async () => {
    const database = await openTestDatabase();
    const app = await buildTestApp({ seed: false, database });
    try {
      expect((await app.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await database.database.close();
      const ready = await app.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'database unavailable' });
      expect((await app.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await app.app.close();
      await database.dispose().catch(() => undefined);
    }
  });

  // a failover or an operator's pg_terminate_backend kills the pool's idle connections: only a
  // pool has them, so this runs in the PostgreSQL pass of the API tests (.ci/run)
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    it('survives its idle connections being terminated, and the next request gets a new one', async () => {
      const before = await call(t.app, 'captchaSession', { query: { market: 'IN' } });
      expect(before.statusCode).toBe(200);
      const stats = t.database.poolStats!();
      expect(stats.idle).toBeGreaterThan(0);
      // the connection that answered is back in the pool, idle: end it from another session
      const [own] = await t.database.rawTransaction((tx) => tx.query<{ pid: number }>('select pg_backend_pid() as pid'));
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>('select pg_terminate_backend($1) as ended', [own!.pid]);
        expect(rows[0]?.ended).toBe(true);
      } finally {
        await admin.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = await call(t.app, 'captchaSession', { query: { market: 'IN' } });
      expect(after.statusCode).toBe(200);
    });

    it('survives a connection ended in the middle of a transaction: the transaction fails, the process goes on', async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const work = t.database.rawTransaction(async (tx) => {
          const [own] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
          await admin.query('select pg_terminate_backend($1)', [own!.pid]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.query('select 1');
        });
        await expect(work).rejects.toThrow();
      } finally {
        await admin.end();
      }
      expect((await call(t.app, 'captchaSession', { query: { market: 'IN' } })).statusCode).toBe(200);
    });
  }
});
