#!/usr/bin/env node
// The bench's outside floor (issue 33, DESIGN §8): a bare Fastify + `pg` process, nothing of Kilat's,
// doing what Kilat's own floor routes do on the same database with the same pool size — one indexed
// select, one insert in a transaction — so the cost of Kilat's request pipeline shows beside the
// database's. Started by scripts/bench.mjs with DATABASE_URL and PORT; it prints "ready" when it listens.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
if (!url || !port) {
  console.error('bare-floor: DATABASE_URL and PORT are required');
  process.exit(2);
}

// Kilat's pool (apps/server/src/db/database.ts) holds 10 connections
const pool = new pg.Pool({ connectionString: url, max: 10 });
await pool.query('CREATE TABLE IF NOT EXISTS dev_floor_writes (id bigserial PRIMARY KEY, written_at timestamptz NOT NULL)');

const app = Fastify({ logger: false });
// named statements, as node-postgres prepares them: what a careful bare service would do
app.get('/select', async () => {
  const { rows } = await pool.query({ name: 'floor-select', text: 'SELECT id, market FROM borrowers WHERE id = 1' });
  return { code: '00', data: rows[0] ?? null };
});
app.post('/insert', async () => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query({
      name: 'floor-insert',
      text: 'INSERT INTO dev_floor_writes (written_at) VALUES (now()) RETURNING id',
    });
    await client.query('COMMIT');
    return { code: '00', data: { id: rows[0]?.id ?? null } };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
});

// the bench's steady-rate row (decision 256): how late this process's event loop ran, as Kilat's /dev/probe says of Kilat's
let loop = null;
app.post('/probe/start', async () => {
  loop?.disable();
  loop = monitorEventLoopDelay({ resolution: 2 });
  loop.enable();
  return { code: '00' };
});
app.post('/probe/stop', async () => {
  const histogram = loop;
  loop = null;
  histogram?.disable();
  const ms = (nanos) => nanos / 1e6;
  return {
    code: '00',
    data: {
      eventLoopDelayMs: histogram
        ? { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), mean: ms(histogram.mean) }
        : null,
    },
  };
});

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', close);
process.once('SIGINT', close);

await app.listen({ port, host: '127.0.0.1' });
console.log('ready');
