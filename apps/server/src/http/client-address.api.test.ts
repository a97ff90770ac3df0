/**
 * Behind a load balancer every request arrives from the balancer's address: the per-IP limits
 * must count the client it forwards for, and only when the balancer is a trusted one (issue 16).
 */
import { API_PREFIX, Endpoints } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp, useTestDatabase } from '../test/app.js';

const BALANCER = '10.0.0.5';
const shared = useTestDatabase();
const behindTrusted = useTestApp({ database: shared, config: { rateLimitMax: 3, trustProxy: ['10.0.0.0/8'] } });
const direct = useTestApp({ database: shared, seed: false, config: { rateLimitMax: 3, trustProxy: false } });

const from = (t: TestApp, client: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API_PREFIX}${Endpoints.captchaSession.path}?market=IN`,
    remoteAddress: BALANCER,
    headers: { 'x-forwarded-for': client },
  });

describe('client addresses behind a trusted balancer', () => {
  it('gives each forwarded client its own bucket', async () => {
    const first = [];
    for (let i = 0; i < 4; i += 1) first.push((await from(behindTrusted, '203.0.113.7')).statusCode);
    expect(first).toEqual([200, 200, 200, 429]);
    expect((await from(behindTrusted, '198.51.100.20')).statusCode).toBe(200);
  });
});

describe('without a trusted balancer', () => {
  it('ignores X-Forwarded-For, so a client cannot pick a fresh bucket by sending one', async () => {
    const answers = [];
    for (const client of ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4']) answers.push((await from(direct, client)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});
