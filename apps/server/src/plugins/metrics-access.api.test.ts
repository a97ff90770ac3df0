/** Issue 32: /metrics behind its own door — the bearer of METRICS_TOKEN, or its own METRICS_PORT and not the public one. */
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp, useTestDatabase } from '../test/app.js';
import { serveMetrics } from './operability.js';

const TOKEN = 'Qt4Rn7Mb1Kc9Gv5Ez3Dx8AyXr4Tq9WmZ2Lk7Hb1Nc5Vd8Fg3Js6';
const shared = useTestDatabase();
const withToken = useTestApp(() => ({ database: shared, config: { metrics: { token: TOKEN, port: undefined } } }));
const onItsPort = useTestApp(() => ({ database: shared, seed: false, config: { metrics: { token: TOKEN, port: 9 } } }));

const scrape = (authorization?: string) =>
  withToken.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics with METRICS_TOKEN', () => {
  it('refuses a request without the token, or with another, and answers the bearer of the token', async () => {
    const without = await scrape();
    expect(without.statusCode).toBe(401);
    expect(without.body).not.toContain('http_request_duration_seconds');
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}x`)).statusCode).toBe(401);
    expect((await scrape(`Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`)).statusCode).toBe(401);
    const allowed = await scrape(`Bearer ${TOKEN}`);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_request_duration_seconds');
  });

  it('leaves the probes open: a balancer has no token', async () => {
    expect((await withToken.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await withToken.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });

  it('is open outside production when no token is set (the laptop default)', () => {
    expect(testConfig().metrics).toEqual({ token: undefined, port: undefined });
  });
});

describe('/metrics with METRICS_PORT', () => {
  const servers: { close(): void }[] = [];
  afterAll(() => {
    for (const server of servers) server.close();
  });

  it('is not on the public port at all, and answers on its own port, still behind the token', async () => {
    expect((await onItsPort.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(
      404,
    );
    const server = await serveMetrics(onItsPort.app.operability.metrics, { token: TOKEN, port: 0 }, '127.0.0.1');
    servers.push(server);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const allowed = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('http_request_duration_seconds');
    expect((await fetch(`${base}/readyz`)).status).toBe(404);
  });
});
