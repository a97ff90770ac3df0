/**
 * CI's chaos run (issue 32 item 4, decision 146). Everything of its own on 127.0.0.1: a PostgreSQL
 * cluster (initdb into a temporary folder, fsync on), redis-server, the S3-protocol store (s3rver)
 * and two Kilat instances behind the round-robin proxy. Under a bounded load of card repayments,
 * virtual-account repayments with their signed webhooks, loan details reads and evidence uploads
 * from six fresh demo borrowers, one event at a time:
 *   1. one instance is killed with SIGKILL and started again;
 *   2. PostgreSQL is restarted (pg_ctl restart -m fast);
 *   3. Redis is stopped for 10 s;
 *   4. the store is stopped for 10 s.
 * Then it checks: every repayment acknowledged with 2xx is in the ledger; none is posted twice;
 * every order's stored state (paid payments, closed date) agrees with its ledger's replay, and the
 * loan details the app serves say the replay's status; no 5xx except while something was down,
 * and then a 503 with the clear message (or the proxy's 502 for a request the killed instance
 * had in hand); both instances serve again within 30 s of each event.
 *
 * Usage: node --import tsx scripts/chaos.ts (needs PostgreSQL's server binaries in
 * /usr/lib/postgresql/<version>/bin or PG_BIN, and redis-server). Ends within 4 minutes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, type EndpointName, Endpoints, Market, OrderStatus, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import sharp from 'sharp';
import type { Db } from '../apps/server/src/db/database.js';
import * as schema from '../apps/server/src/db/schema.js';
import { SIGNATURE_HEADER, signatureHeader } from '../apps/server/src/modules/payments/gateways/sandbox/webhook-signature.js';
import { orderBalances } from '../apps/server/src/ops/backup.js';
import {
  check,
  type Instance,
  isReady,
  onStop,
  runChecks,
  s3Env,
  sleep,
  startInstance,
  startPostgres,
  startProxy,
  startRedis,
  startS3,
  waitFor,
} from './local-cluster.js';

const TIME_LIMIT_MS = 240_000;
/** both instances serve again within this of an event's end (issue 32) */
const RECOVERY_LIMIT_MS = 30_000;
/** how long Redis and the store are away (issue 32) */
const OUTAGE_MS = 10_000;
/** the load: borrowers per market, each one request at a time with a pause, at most this many requests each */
const BORROWERS_PER_MARKET = 3;
const PAUSE_MS = 150;
const MAX_REQUESTS_PER_BORROWER = 400;
/** small repayments, so each borrower's due order can take dozens (minor units) */
const REPAY_MINOR: Record<Market, number> = { IN: 500, ID: 1_000_000 };
const WEBHOOK_SECRET = randomBytes(24).toString('hex');
const TEST_CARD_WITHOUT_CODE = '4000000000000077';
const BANK: Record<Market, string> = { IN: 'HDFC', ID: 'BCA' };
const UNAVAILABLE: Record<Market, string> = { IN: enIN.unavailable, ID: idID.unavailable };

interface Borrower {
  market: Market;
  sessionId: string;
  deviceId: string;
  userId: string;
  orders: { orderId: string; orderNo: string; productId: string; status: number }[];
  due: { orderId: string; productId: string };
  cardId?: string;
  client: string;
}

/** One answer of the load: what was asked, when, and what came back. */
interface Exchange {
  what: string;
  sentAt: number;
  answeredAt: number;
  status: number;
  code: string;
  message: string;
  backend: string;
}

/** A span when something was down: from its start to both instances serving again. */
interface Outage {
  name: string;
  kind: 'instance' | 'dependency';
  from: number;
  to: number;
}

const exchanges: Exchange[] = [];
const outages: Outage[] = [];
/** payments the app acknowledged with 2xx: public id → amount */
const acknowledged = new Map<string, { amountMinor: number; how: string }>();
const started = Date.now();
const at = (time = Date.now()) => `+${((time - started) / 1000).toFixed(1)}s`;

const run = async () => {
  const [postgres, redis, store] = await Promise.all([startPostgres(), startRedis(), startS3()]);
  console.log(`${at()} PostgreSQL, Redis and the store are up (${postgres.url}, ${redis.url}, ${store.url})`);
  const dataDir = await mkdtemp(join(tmpdir(), 'kilat-ci-data-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    TRUST_PROXY: '127.0.0.1',
    // the rate limiter keeps its counters in Redis: high enough for the load, so Redis is on every request's path
    RATE_LIMIT_MAX: '100000',
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...s3Env(store.url),
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent/kilat-web-dist',
    DATA_DIR: dataDir,
  };

  const instances = await Promise.all(['a', 'b'].map((name) => startInstance(name, env)));
  const up = await Promise.all(
    instances.map((instance) => waitFor(`${instance.name} ready`, () => isReady(instance), 120_000).catch(() => false)),
  );
  check('two instances start on the new cluster', up.every(Boolean), instances.map((i) => i.output.join('').slice(-400)).join(' | '));
  if (!up.every(Boolean)) return;
  console.log(`${at()} instances a and b are ready`);
  const proxy = await startProxy(instances);

  const request = async (what: string, client: string, path: string, init: RequestInit = {}) => {
    const sentAt = Date.now();
    const headers = { ...(init.headers as Record<string, string>), 'x-test-client': client };
    let failure = '';
    const response = await fetch(`${proxy}${path}`, { ...init, headers, signal: AbortSignal.timeout(20_000) }).catch((error: Error) => {
      failure = `${error.name}: ${error.message}${error.cause ? ` (${String((error.cause as Error).message ?? error.cause)})` : ''}`;
      return null;
    });
    const text = response ? await response.text().catch(() => '') : '';
    let body: { code?: string; message?: string; data?: unknown } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // not an envelope (a proxy's 502)
    }
    const exchange: Exchange = {
      what,
      sentAt,
      answeredAt: Date.now(),
      status: response?.status ?? 0,
      code: body.code ?? '',
      message: body.message ?? failure,
      backend: response?.headers.get('x-backend') ?? '',
    };
    exchanges.push(exchange);
    return { ...exchange, data: body.data as Record<string, unknown> | null | undefined };
  };
  const call = (what: string, borrower: Borrower, name: EndpointName, body: Record<string, string> = {}) =>
    request(what, borrower.client, `${API_PREFIX}${Endpoints[name].path}?deviceId=${borrower.deviceId}&market=${borrower.market}`, {
      method: 'POST',
      body: new URLSearchParams(body),
      headers: { authorization: `Bearer ${borrower.sessionId}`, 'content-type': 'application/x-www-form-urlencoded' },
    });

  // the borrowers: fresh demo borrowers, each with an order in every status; India's pay by card, Indonesia's by virtual account
  const borrowers: Borrower[] = [];
  for (const market of [Market.India, Market.Indonesia]) {
    for (let i = 0; i < BORROWERS_PER_MARKET; i += 1) {
      const session = (await (await fetch(`${instances[0]!.base}/dev/session?market=${market}&fresh=1`)).json()) as Omit<
        Borrower,
        'market' | 'due' | 'client'
      >;
      const due = session.orders.find((order) => order.status === OrderStatus.DueSoon)!;
      borrowers.push({ ...session, market, due, client: `198.51.100.${borrowers.length + 1}` });
    }
  }
  for (const borrower of borrowers.filter((entry) => entry.market === Market.India)) {
    const bound = await call('bind-card', borrower, 'bindCard', {
      bankCode: BANK.IN,
      cardNo: TEST_CARD_WITHOUT_CODE,
      holderName: 'Asha Verma',
    });
    borrower.cardId = String((bound.data as { id?: string } | null)?.id ?? '');
  }
  check(
    `${borrowers.length} fresh demo borrowers with a due order, India's with a card bound`,
    borrowers.every((borrower) => borrower.due && (borrower.market !== Market.India || borrower.cardId)),
  );
  const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0b6b3a' } })
    .jpeg()
    .toBuffer();

  // one borrower's next step of the load
  const cardRepayment = async (borrower: Borrower) => {
    const way = await call('repayment-way', borrower, 'repaymentWay', { orderId: borrower.due.orderId, amount: String(REPAY_MINOR.IN) });
    const token = (way.data as { repayToken?: string } | null)?.repayToken;
    if (way.code !== '00' || !token) return;
    const commit = await call('repayment-commit', borrower, 'repaymentCommit', {
      amount: String(REPAY_MINOR.IN),
      bankName: 'HDFC Bank',
      cardId: borrower.cardId!,
      cardNo: '400000******0077',
      couponId: '',
      orderId: borrower.due.orderId,
      repayToken: token,
      bankCode: BANK.IN,
      sendMsg: '0',
    });
    const record = (commit.data as { repayRecordId?: string; needValid?: number } | null) ?? {};
    if (commit.status >= 200 && commit.status < 300 && commit.code === '00' && record.repayRecordId && record.needValid === 0)
      acknowledged.set(record.repayRecordId, { amountMinor: REPAY_MINOR.IN, how: 'card' });
  };
  const webhook = (publicId: string, amountMinor: number, eventId: string) => {
    const rawBody = JSON.stringify({
      id: eventId,
      type: 'payment.succeeded',
      gatewayRef: `va_chaos_${publicId}`,
      paymentRef: publicId,
      amountMinor,
      occurredAt: new Date().toISOString(),
    });
    return request('webhook', '203.0.113.200', '/webhooks/payments/sandbox', {
      method: 'POST',
      body: rawBody,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signatureHeader(WEBHOOK_SECRET, rawBody, Math.floor(Date.now() / 1000)),
      },
    });
  };
  const virtualAccountRepayment = async (borrower: Borrower) => {
    const opened = await call('generate-vcode', borrower, 'generateVirtualAccount', {
      productId: borrower.due.productId,
      orderId: borrower.due.orderId,
      amount: String(REPAY_MINOR.ID),
      payCode: 'BCA',
      pay_type: '1',
      is_default: '0',
      is_display: '1',
      specific_num: 'ATM',
    });
    const publicId = (opened.data as { cardNo?: string } | null)?.cardNo;
    if (opened.code !== '00' || !publicId) return;
    // the gateway delivers its signed webhook until the app acknowledges it (as Xendit and Razorpay retry)
    const eventId = `evt_chaos_${publicId}`;
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const delivered = await webhook(publicId, REPAY_MINOR.ID, eventId);
      if (delivered.status >= 200 && delivered.status < 300) {
        acknowledged.set(publicId, { amountMinor: REPAY_MINOR.ID, how: 'virtual account' });
        return;
      }
      await sleep(1_000);
    }
  };
  const loanDetails = (borrower: Borrower) =>
    call('loan-details', borrower, 'loanDetails', { orderId: borrower.due.orderId, productId: borrower.due.productId });
  const upload = (borrower: Borrower) => {
    const form = new FormData();
    form.append('problemImage', new Blob([jpeg], { type: 'image/jpeg' }), 'evidence.jpg');
    return request(
      'upload',
      borrower.client,
      `${API_PREFIX}${Endpoints.uploadProblemImage.path}?deviceId=${borrower.deviceId}&market=${borrower.market}`,
      { method: 'POST', body: form, headers: { authorization: `Bearer ${borrower.sessionId}` } },
    );
  };

  let loadOn = true;
  const worker = async (borrower: Borrower) => {
    const steps = [
      () => (borrower.market === Market.India ? cardRepayment(borrower) : virtualAccountRepayment(borrower)),
      () => loanDetails(borrower),
      () => upload(borrower),
      () => loanDetails(borrower),
    ];
    for (let i = 0; loadOn && i < MAX_REQUESTS_PER_BORROWER; i += 1) {
      await steps[i % steps.length]!();
      await sleep(PAUSE_MS);
    }
  };
  const load = Promise.all(borrowers.map(worker));
  console.log(`${at()} load started: ${borrowers.length} borrowers, one request at a time each, ${PAUSE_MS} ms apart`);

  // both instances answer a real call directly (and store an upload when `upload` says so)
  const probe = borrowers[0]!;
  const serving = async (instance: Instance, withUpload: boolean) => {
    const query = `?deviceId=${probe.deviceId}&market=${probe.market}`;
    const headers = { authorization: `Bearer ${probe.sessionId}` };
    if (!(await isReady(instance))) return false;
    const details = await fetch(`${instance.base}${API_PREFIX}${Endpoints.loanDetails.path}${query}`, {
      method: 'POST',
      body: new URLSearchParams({ orderId: probe.due.orderId, productId: probe.due.productId }),
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (details.status !== 200) return false;
    if (!withUpload) return true;
    const form = new FormData();
    form.append('problemImage', new Blob([jpeg], { type: 'image/jpeg' }), 'probe.jpg');
    return (
      (await fetch(`${instance.base}${API_PREFIX}${Endpoints.uploadProblemImage.path}${query}`, { method: 'POST', body: form, headers }))
        .status === 200
    );
  };
  /** `act` takes something away and gives it back (a process started again, a service listening again); the 30 s start then */
  const event = async (name: string, kind: Outage['kind'], act: () => Promise<void>, withUpload = false) => {
    const from = Date.now();
    await act();
    const backAt = Date.now();
    const recovered = await waitFor(
      `both instances serving after ${name}`,
      async () => (await Promise.all(instances.map((instance) => serving(instance, withUpload)))).every(Boolean),
      RECOVERY_LIMIT_MS,
      200,
    ).catch(() => false);
    const to = Date.now();
    outages.push({ name, kind, from, to });
    console.log(`${at(from)} ${name}; back ${at(backAt)}; both instances serving ${at(to)}`);
    check(
      `both instances serve again within ${RECOVERY_LIMIT_MS / 1000} s of: ${name}`,
      recovered,
      `${((to - backAt) / 1000).toFixed(1)} s`,
    );
  };

  await sleep(3_000);
  await event('instance b killed with SIGKILL and started again', 'instance', async () => {
    const victim = instances[1]!;
    victim.child.kill('SIGKILL');
    await new Promise((resolve) => victim.child.once('exit', resolve));
    await sleep(2_000);
    // the proxy holds this array: the new process takes the old one's place and port
    instances[1] = await startInstance('b', env, victim.port);
  });
  await sleep(3_000);
  await event('PostgreSQL restarted (pg_ctl restart -m fast)', 'dependency', () => postgres.restart());
  await sleep(3_000);
  await event(`Redis stopped for ${OUTAGE_MS / 1000} s`, 'dependency', async () => {
    await redis.stop();
    await sleep(OUTAGE_MS);
    await redis.start();
  });
  await sleep(3_000);
  await event(
    `the store stopped for ${OUTAGE_MS / 1000} s`,
    'dependency',
    async () => {
      await store.stop();
      await sleep(OUTAGE_MS);
      await store.start();
    },
    true,
  );
  await sleep(3_000);
  loadOn = false;
  await load;
  console.log(`${at()} load stopped: ${exchanges.length} requests, ${acknowledged.size} repayments acknowledged`);

  // what the load saw
  const byWhat = new Map<string, Map<number, number>>();
  for (const exchange of exchanges) {
    const counts = byWhat.get(exchange.what) ?? new Map<number, number>();
    counts.set(exchange.status, (counts.get(exchange.status) ?? 0) + 1);
    byWhat.set(exchange.what, counts);
  }
  for (const [what, counts] of byWhat)
    console.log(`  ${what.padEnd(17)} ${[...counts].map(([status, n]) => `${status || 'no answer'}×${n}`).join(' ')}`);
  for (const outage of outages) {
    const seen = new Map<number, number>();
    for (const exchange of exchanges)
      if (exchange.status >= 500 && exchange.answeredAt >= outage.from && exchange.sentAt <= outage.to)
        seen.set(exchange.status, (seen.get(exchange.status) ?? 0) + 1);
    console.log(`  while ${outage.name}: ${[...seen].map(([status, n]) => `${status}×${n}`).join(' ') || 'no 5xx'}`);
  }
  check(
    'the load repaid by card and by virtual account, read loan details and uploaded evidence',
    [...acknowledged.values()].some((entry) => entry.how === 'card') &&
      [...acknowledged.values()].some((entry) => entry.how === 'virtual account') &&
      exchanges.some((exchange) => exchange.what === 'loan-details' && exchange.status === 200) &&
      exchanges.some((exchange) => exchange.what === 'upload' && exchange.status === 200),
  );

  // no 5xx except while something was down: a 503 with the clear message, or the proxy's 502 for the killed instance
  const during = (exchange: Exchange, kind: Outage['kind']) =>
    outages.some((outage) => outage.kind === kind && exchange.answeredAt >= outage.from && exchange.sentAt <= outage.to);
  const failures = exchanges.filter((exchange) => exchange.status >= 500 || exchange.status === 0);
  const unexcused = failures.filter((exchange) => {
    // the borrower's language, or the default for a webhook (a gateway has none)
    if (exchange.status === 503 && exchange.code === ResultCode.Unavailable && during(exchange, 'dependency'))
      return !Object.values(UNAVAILABLE).includes(exchange.message);
    return !(exchange.status === 502 && exchange.backend === 'b' && during(exchange, 'instance'));
  });
  const byStatus = new Map<number, number>();
  for (const exchange of failures) byStatus.set(exchange.status, (byStatus.get(exchange.status) ?? 0) + 1);
  check(
    `no 5xx but while something was down, and then a 503 with the clear message or the killed instance's 502 (seen: ${
      [...byStatus].map(([status, n]) => `${status || 'no answer'}×${n}`).join(' ') || 'none'
    })`,
    unexcused.length === 0,
    unexcused
      .slice(0, 8)
      .map((exchange) => `${exchange.what} ${exchange.status} ${exchange.code} “${exchange.message}” ${at(exchange.sentAt)}`)
      .join('; '),
  );

  // the books, read straight from PostgreSQL
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const db = drizzle({ client }) as unknown as Db;
    const publicIds = [...acknowledged.keys()];
    const postings = publicIds.length
      ? await db
          .select({ key: schema.ledgerEntries.idempotencyKey, amountMinor: schema.ledgerEntries.amountMinor })
          .from(schema.ledgerEntries)
          .where(
            and(
              eq(schema.ledgerEntries.kind, 'repayment'),
              inArray(
                schema.ledgerEntries.idempotencyKey,
                publicIds.map((id) => `payment:${id}`),
              ),
            ),
          )
      : [];
    const posted = new Map(postings.map((row) => [row.key.slice('payment:'.length), row.amountMinor]));
    const lost = publicIds.filter((id) => posted.get(id) !== acknowledged.get(id)!.amountMinor);
    check(
      `no acknowledged repayment lost: all ${publicIds.length} are in the ledger with their amount`,
      publicIds.length > 0 && lost.length === 0,
      `missing or wrong: ${lost.slice(0, 5).join(', ')}`,
    );

    const twice = await client.query<{ key: string; n: string }>(
      'SELECT idempotency_key AS key, count(*) AS n FROM ledger_entries GROUP BY idempotency_key HAVING count(*) > 1',
    );
    const perPayment = await client.query<{ id: string; n: string }>(
      `SELECT meta->>'paymentId' AS id, count(*) AS n FROM ledger_entries
        WHERE kind IN ('repayment', 'extension_fee') AND meta ? 'paymentId' GROUP BY 1 HAVING count(*) > 1`,
    );
    const unpaidPosted = await client.query<{ public_id: string; status: string }>(
      `SELECT p.public_id, p.status FROM payments p JOIN ledger_entries l ON l.idempotency_key = 'payment:' || p.public_id
        WHERE l.kind = 'repayment' AND p.status <> 'paid'`,
    );
    const paidUnposted = await client.query<{ public_id: string }>(
      `SELECT p.public_id FROM payments p WHERE p.status = 'paid' AND p.purpose = 'repay'
        AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.idempotency_key = 'payment:' || p.public_id AND l.amount_minor = p.amount_minor)`,
    );
    check(
      'no repayment posted twice, every paid payment posted once with its amount, nothing posted for a payment not paid',
      twice.rowCount === 0 && perPayment.rowCount === 0 && unpaidPosted.rowCount === 0 && paidUnposted.rowCount === 0,
      `keys twice ${twice.rowCount}, payments twice ${perPayment.rowCount}, posted unpaid ${unpaidPosted.rowCount}, paid unposted ${paidUnposted.rowCount}`,
    );

    // every order's stored state against its ledger's replay, and the loan details the app serves against both
    const now = new Date();
    const balances = await orderBalances(db, now);
    const closed = await client.query<{ order_no: string; closed_on: string | null; disbursed: boolean; repaid: string }>(
      `SELECT o.order_no, o.closed_on::text AS closed_on, o.disbursed_at IS NOT NULL AS disbursed,
              coalesce((SELECT sum(p.amount_minor) FROM payments p WHERE p.order_id = o.id AND p.status = 'paid' AND p.purpose = 'repay'), 0) AS repaid
         FROM orders o`,
    );
    const disagree: string[] = [];
    for (const row of closed.rows) {
      const balance = balances[row.order_no];
      if (!balance) {
        disagree.push(`${row.order_no}: no replay`);
        continue;
      }
      if (row.disbursed && (row.closed_on !== null) !== (balance.outstandingMinor === 0))
        disagree.push(`${row.order_no}: closed on ${row.closed_on}, replay owes ${balance.outstandingMinor}`);
      if (Number(row.repaid) > 0 && Number(row.repaid) !== balance.repaidMinor + balance.overpaidMinor)
        disagree.push(`${row.order_no}: paid payments ${row.repaid}, replay repaid ${balance.repaidMinor}+${balance.overpaidMinor}`);
    }
    const shown: string[] = [];
    for (const borrower of borrowers) {
      for (const order of borrower.orders) {
        const details = await call('loan-details (check)', borrower, 'loanDetails', { orderId: order.orderId, productId: order.productId });
        const status = (details.data as { orderStatus?: number } | null)?.orderStatus;
        if (status !== balances[order.orderNo]?.status)
          shown.push(`${order.orderNo}: loan details ${details.status} status ${status}, replay ${balances[order.orderNo]?.status}`);
      }
    }
    check(
      `every order's stored state equals its ledger's replay (${closed.rowCount} orders: closed date, paid payments)`,
      disagree.length === 0,
      disagree.slice(0, 5).join('; '),
    );
    check(
      `the loan details both instances serve agree with the replay for the borrowers' ${borrowers.reduce((n, b) => n + b.orders.length, 0)} orders`,
      shown.length === 0,
      shown.slice(0, 5).join('; '),
    );
    const paidCount = await db.select({ n: sql<number>`count(*)::int` }).from(schema.payments).where(eq(schema.payments.status, 'paid'));
    console.log(`  ${paidCount[0]?.n ?? 0} paid payments in the database, ${postings.length} of them acknowledged to the load`);
  } finally {
    await client.end();
  }
};

runChecks('chaos', TIME_LIMIT_MS, run);
