import { randomInt } from 'node:crypto';
import { Market } from '@kilat/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prepareSql } from '../../db/prepared-sql.js';
import { smsMessages } from '../../db/schema.js';
import { buildTestApp, call, type TestApp, useTestApp, useTestDatabase } from '../../test/app.js';
import { DemoAccounts } from '../dev/seed/demo.js';
import { SMS_OUTBOX_JOB } from '../jobs/index.js';
import { MAX_ATTEMPTS, type OutboxMessage, SmsOutbox, type SmsTransport } from './outbox.js';
import { smsOutbox } from './outbox-table.js';
import type { SmsMessage } from './sms-provider.js';

const shared = useTestDatabase();
const t = useTestApp({ database: shared });
// a second server instance on the same database
const other = useTestApp({ database: shared, seed: false });

/** A phone no other test writes to, so the inbox of it holds only this test's messages. */
const newPhone = () => `+919${randomInt(100_000_000, 1_000_000_000)}`;
const message = (phone: string, body = 'hello'): SmsMessage => ({ market: Market.India, phone, purpose: 'reminder', body });

const outboxOf = (app: TestApp) => {
  const sms = app.app.sms;
  if (!(sms instanceof SmsOutbox)) throw new Error('the app does not send through the outbox');
  return sms;
};
const inboxRows = (phone: string) => t.database.db.select().from(smsMessages).where(eq(smsMessages.phone, phone));
const outboxRows = (phone: string) => t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
const devInbox = async (phone: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/dev/sms?phone=${encodeURIComponent(phone)}` });
  expect(response.statusCode).toBe(200);
  return response.json().data as { body: string; purpose: string; phone: string; market: string; createdAt: string }[];
};

describe('the SMS outbox', () => {
  it('sends nothing for a transaction that rolled back, and delivers a committed message only after the commit', async () => {
    const phone = newPhone();
    const outbox = outboxOf(t);
    await expect(
      t.database.db.transaction(async (tx) => {
        await outbox.send(message(phone, 'rolled back'), tx);
        throw new Error('the caller fails after writing its SMS');
      }),
    ).rejects.toThrow('the caller fails');
    await t.database.db.transaction(async (tx) => {
      await outbox.send(message(phone, 'committed'), tx);
    });
    expect(await outboxRows(phone)).toHaveLength(1);
    expect(await inboxRows(phone)).toHaveLength(0);

    const run = await t.app.jobs.runNow(SMS_OUTBOX_JOB);
    expect(run?.result.sent).toBeGreaterThanOrEqual(1);
    expect((await inboxRows(phone)).map((row) => row.body)).toEqual(['committed']);
    const [row] = await outboxRows(phone);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row!.sentAt).not.toBeNull();
  });

  it('keeps /dev/sms answering the same shape, drained before it reads', async () => {
    const { phone } = DemoAccounts[Market.India];
    const response = await call(t.app, 'loginCode', { query: { market: Market.India }, body: { phone } });
    expect(response.json().code).toBe('00');
    const inbox = await devInbox(phone);
    expect(inbox).toHaveLength(1);
    expect(Object.keys(inbox[0]!).sort()).toEqual(['body', 'createdAt', 'market', 'phone', 'purpose']);
    expect(inbox[0]).toMatchObject({ phone, market: 'IN', purpose: 'login' });
    expect(inbox[0]!.body).toMatch(/Your Kilat login code is \d{6}/);
  });

  it('writes one message per dedupe key', async () => {
    const phone = newPhone();
    const outbox = outboxOf(t);
    expect(await outbox.enqueue(message(phone, 'first'), { dedupeKey: `test:${phone}` })).toBe(true);
    expect(await outbox.enqueue(message(phone, 'second'), { dedupeKey: `test:${phone}` })).toBe(false);
    expect((await devInbox(phone)).map((sms) => sms.body)).toEqual(['first']);
  });

  it('holds a message until not_before, and drops one whose not_after passed undelivered', async () => {
    const phone = newPhone();
    const outbox = outboxOf(t);
    const now = t.clock.now().getTime();
    await outbox.enqueue(message(phone, 'later'), { notBefore: new Date(now + 60 * 60_000) });
    await outbox.enqueue(message(phone, 'too late'), { notBefore: new Date(now + 60 * 60_000), notAfter: new Date(now + 90 * 60_000) });
    expect(await devInbox(phone)).toHaveLength(0);

    t.clock.advance(2 * 60 * 60_000);
    expect((await devInbox(phone)).map((sms) => sms.body)).toEqual(['later']);
    const statuses = (await outboxRows(phone)).map((row) => `${row.body}:${row.status}`).sort();
    expect(statuses).toEqual(['later:sent', 'too late:expired']);
  });

  it('delivers each message once when two instances drain at the same time', async () => {
    const phone = newPhone();
    const outbox = outboxOf(t);
    for (let index = 0; index < 60; index += 1) await outbox.enqueue(message(phone, `message ${index}`));
    const [first, second] = await Promise.all([outboxOf(t).drain(), outboxOf(other).drain()]);
    const delivered = await inboxRows(phone);
    expect(delivered).toHaveLength(60);
    expect(new Set(delivered.map((row) => row.body)).size).toBe(60);
    expect(first.sent + second.sent).toBeGreaterThanOrEqual(60);
    const rows = await outboxRows(phone);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('retries a failed delivery later and gives up after the last attempt', async () => {
    const phone = newPhone();
    const tried: number[] = [];
    const failing: SmsTransport = {
      name: 'failing',
      deliver: async (sms: OutboxMessage) => {
        tried.push(sms.id);
        throw new Error('provider down');
      },
    };
    const log = { error: () => undefined, info: () => undefined };
    const outbox = new SmsOutbox(t.database.db, t.clock, failing, log);
    await outbox.enqueue(message(phone));
    await outbox.drain();
    await outbox.drain();
    // the second drain came before the retry's wait was over
    expect(tried).toHaveLength(1);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS + 1; attempt += 1) {
      t.clock.advance(60 * 60_000);
      await outbox.drain();
    }
    expect(tried).toHaveLength(MAX_ATTEMPTS);
    const [row] = await outboxRows(phone);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'Error: provider down' });
    expect(await inboxRows(phone)).toHaveLength(0);
    // a message given up stays given up: no drainer of the table delivers it
    await t.app.jobs.runNow(SMS_OUTBOX_JOB);
    expect(await inboxRows(phone)).toHaveLength(0);
  });

  /** Writes `sms` as a sender's own statement does (`claimedInsertFrom`, decision 117); answers its outbox id. */
  const writeClaimed = async (outbox: SmsOutbox, sms: SmsMessage) => {
    const insert = prepareSql<{ id: number | string }>(
      t.database.db,
      'test_claimed_sms',
      outbox.claimedInsertFrom(sql`(VALUES (1)) AS one`),
    );
    const [written] = await insert.execute(outbox.claimedValues(sms, t.clock.now()));
    return Number(written!.id);
  };

  it('delivers a message written claimed once it is handed over, and no other instance takes it meanwhile', async () => {
    const phone = newPhone();
    const outbox = outboxOf(t);
    const handed = [message(phone, 'first'), message(phone, 'second')];
    const ids = [await writeClaimed(outbox, handed[0]!), await writeClaimed(outbox, handed[1]!)];
    // written, not yet handed over: the other instance's drain leaves it to this process
    await outboxOf(other).drain();
    expect(await inboxRows(phone)).toHaveLength(0);

    outbox.handOver(ids[0]!, handed[0]!, t.clock.now());
    outbox.handOver(ids[1]!, handed[1]!, t.clock.now());
    await outbox.settle();
    expect((await inboxRows(phone)).map((row) => row.body).sort()).toEqual(['first', 'second']);
    const rows = await outboxRows(phone);
    expect(rows.map((row) => ({ status: row.status, attempts: row.attempts }))).toEqual([
      { status: 'sent', attempts: 1 },
      { status: 'sent', attempts: 1 },
    ]);
    // and once: a later drain has nothing of it to deliver
    await outboxOf(other).drain();
    expect(await inboxRows(phone)).toHaveLength(2);
  });

  it('delivers a batch handed over at once with each body exactly as written, and marks only rows still pending sent', async () => {
    const phone = newPhone();
    const outbox = outboxOf(t);
    // what an array of texts must carry through unchanged: quotes, commas, braces, backslashes, NULL's spelling, non-ASCII
    const bodies = ['a "quoted", {braced} text', 'back\\slash and \\"', 'NULL', '₹16,117.50 — Rp 1.500.000,00', ''];
    const handed = bodies.map((body) => message(phone, body));
    const ids: number[] = [];
    for (const sms of handed) ids.push(await writeClaimed(outbox, sms));
    // one row was given up meanwhile (another path's doing): marking the batch sent leaves it so
    await t.database.db.update(smsOutbox).set({ status: 'failed' }).where(eq(smsOutbox.id, ids[4]!));
    handed.forEach((sms, index) => {
      outbox.handOver(ids[index]!, sms, t.clock.now());
    });
    await outbox.settle();
    expect((await inboxRows(phone)).map((row) => row.body).sort()).toEqual([...bodies].sort());
    const statuses = (await outboxRows(phone)).map((row) => `${row.body}:${row.status}`).sort();
    expect(statuses).toEqual(bodies.map((body, index) => `${body}:${index === 4 ? 'failed' : 'sent'}`).sort());
  });

  it('lets any instance deliver a message whose writer never handed it over, once the lease ends', async () => {
    const phone = newPhone();
    await writeClaimed(outboxOf(t), message(phone, 'orphaned'));
    other.clock.set(t.clock.now());
    await outboxOf(other).drain();
    expect(await inboxRows(phone)).toHaveLength(0);

    other.clock.advance(61_000);
    await outboxOf(other).drain();
    expect((await inboxRows(phone)).map((row) => row.body)).toEqual(['orphaned']);
    const [row] = await outboxRows(phone);
    // the writer's claim was its first attempt
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('delivers what was handed over before /dev/sms reads the inbox', async () => {
    const phone = newPhone();
    const outbox = outboxOf(t);
    const sms = message(phone, 'handed over');
    outbox.handOver(await writeClaimed(outbox, sms), sms, t.clock.now());
    expect((await devInbox(phone)).map((entry) => entry.body)).toEqual(['handed over']);
  });

  it('delivers what was handed over before the app closes', async () => {
    const closing = await buildTestApp({ database: shared, seed: false });
    const phone = newPhone();
    const outbox = outboxOf(closing);
    const sms = message(phone, 'before closing');
    outbox.handOver(await writeClaimed(outbox, sms), sms, t.clock.now());
    await closing.close();
    expect((await inboxRows(phone)).map((row) => row.body)).toEqual(['before closing']);
  });
});

describe('the job scheduler', () => {
  it('runs a due job once when two instances tick at the same time', async () => {
    t.clock.advance(24 * 60 * 60_000);
    other.clock.set(t.clock.now());
    const [mine, theirs] = await Promise.all([t.app.jobs.runDue(), other.app.jobs.runDue()]);
    const names = [...mine, ...theirs].map((run) => run.name).sort();
    // every job ran, each on one instance only
    expect(names).toEqual(t.app.jobs.jobs.map((job) => job.name).sort());
    expect(names).toContain('penalty-accrual');
    // nothing is due again until its interval has passed
    expect(await t.app.jobs.runDue()).toEqual([]);
  });
});
