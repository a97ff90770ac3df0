import { describe, expect, it } from 'vitest';
import { Metrics } from './operability.js';

/** `http_request_duration_seconds` as Prometheus reads it (decision 174): cumulative buckets, +Inf, sum and count by route. */
describe('the request duration histogram', () => {
  it('counts each answer in its bucket and every bucket above, with +Inf, sum and count per route, method and status', async () => {
    const metrics = new Metrics({ defaults: false });
    metrics.observeRequest('GET', '/orders/:id', 200, 0.003);
    metrics.observeRequest('GET', '/orders/:id', 200, 0.2);
    metrics.observeRequest('GET', '/orders/:id', 200, 9);
    metrics.observeRequest('POST', '/orders/:id', 401, 0.01);
    const text = await metrics.registry.metrics();
    const line = (name: string, labels: string) =>
      new RegExp(`^http_request_duration_seconds_${name}\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1];
    const got = 'method="GET",route="/orders/:id",status_code="200"';
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(line('bucket', `le="0.005",${got}`)).toBe('1');
    expect(line('bucket', `le="0.1",${got}`)).toBe('1');
    expect(line('bucket', `le="0.25",${got}`)).toBe('2');
    expect(line('bucket', `le="5",${got}`)).toBe('2');
    expect(line('bucket', `le="\\+Inf",${got}`)).toBe('3');
    expect(Number(line('sum', got))).toBeCloseTo(9.203, 6);
    expect(line('count', got)).toBe('3');
    // an answer exactly on a bound is in that bucket
    expect(line('bucket', 'le="0.01",method="POST",route="/orders/:id",status_code="401"')).toBe('1');
    expect(line('bucket', 'le="0.005",method="POST",route="/orders/:id",status_code="401"')).toBe('0');
  });

  it('starts again from nothing when the registry is reset', async () => {
    const metrics = new Metrics({ defaults: false });
    metrics.observeRequest('GET', '/livez', 200, 0.001);
    metrics.registry.resetMetrics();
    expect(await metrics.registry.metrics()).not.toContain('http_request_duration_seconds_count');
  });
});
