/**
 * The bench's probe (issue 52, decision 256): while `npm run bench` holds the server at a steady rate,
 * what the server's own event loop and pool went through. `POST /dev/probe/start` starts the count,
 * `POST /dev/probe/stop` ends it and answers the event loop's delay (perf_hooks'
 * monitorEventLoopDelay: how late a 2 ms timer ran) and each checkout's wait for a pool connection
 * (PostgreSQL only), and the garbage collector's pauses. Development only, like every `/dev` route.
 */
import { type IntervalHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';

const nanosToMs = (value: number) => value / 1e6;

/** The p-th percentile of sorted values, nearest rank. */
const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;

export const registerProbeRoutes = (app: FastifyInstance, database: Database) => {
  let loop: IntervalHistogram | null = null;
  let gc = { pauses: 0, ms: 0, maxMs: 0 };
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.pauses += 1;
      gc.ms += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  app.post('/dev/probe/start', { schema: { hide: true } }, async () => {
    loop?.disable();
    loop = monitorEventLoopDelay({ resolution: 2 });
    loop.enable();
    database.poolWaits?.start();
    gc = { pauses: 0, ms: 0, maxMs: 0 };
    gcObserver.disconnect();
    gcObserver.observe({ entryTypes: ['gc'] });
    return { code: '00' };
  });
  app.post('/dev/probe/stop', { schema: { hide: true } }, async () => {
    const histogram = loop;
    loop = null;
    histogram?.disable();
    gcObserver.disconnect();
    const waits = (database.poolWaits?.stop() ?? []).sort((a, b) => a - b);
    return {
      code: '00',
      data: {
        eventLoopDelayMs: histogram
          ? {
              p50: nanosToMs(histogram.percentile(50)),
              p99: nanosToMs(histogram.percentile(99)),
              max: nanosToMs(histogram.max),
              mean: nanosToMs(histogram.mean),
            }
          : null,
        poolWaitMs: database.poolWaits
          ? {
              checkouts: waits.length,
              waited: waits.filter((ms) => ms >= 1).length,
              p50: percentile(waits, 50),
              p99: percentile(waits, 99),
              max: waits.at(-1) ?? 0,
            }
          : null,
        gc,
      },
    };
  });
};
