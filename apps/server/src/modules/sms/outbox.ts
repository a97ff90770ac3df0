/**
 * The SMS outbox (issue 12, decision 045): every SMS the server sends is a row written in the
 * sender's own transaction, and a drainer delivers committed rows through a transport after the
 * commit. A transaction that rolls back takes its SMS with it; a message is claimed with one
 * conditional UPDATE over `FOR UPDATE SKIP LOCKED` rows (a lease), so two instances draining at
 * once deliver each message once. Reminders carry a dedupe key (one message per key, ever) and a
 * delivery window (`not_before`, `not_after`): a message the window closed on is dropped as
 * 'expired', never sent late at night.
 *
 * A sender that writes its message in one statement of its own (`claimedInsertFrom`, decision 117) writes
 * it already claimed by this process, and hands it over once that statement has run: it goes to
 * the transport with the other messages handed over meanwhile, and is marked sent, without a claim.
 * If this process dies first, the lease runs out and any instance's drain delivers it.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type PreparedSql, prepareSql } from '../../db/prepared-sql.js';
import type { Clock } from '../../lending/clock.js';
import { type SmsOutboxRow, smsOutbox } from './outbox-table.js';
import type { SmsMessage, SmsProvider } from './sms-provider.js';

/** A committed outbox row handed to a transport; `id` is the idempotency key a provider can dedupe on. */
export interface OutboxMessage extends SmsMessage {
  id: number;
}

/** What actually sends: the development inbox today, an SMS provider's HTTP API in production. */
export interface SmsTransport {
  readonly name: string;
  deliver(message: OutboxMessage): Promise<void>;
  /** a transport that takes a batch in one call (the development inbox: one INSERT); messages it fails are tried one by one */
  deliverAll?(messages: readonly OutboxMessage[]): Promise<void>;
}

export interface EnqueueOptions {
  /** one message per key: a second enqueue with the same key is dropped (answers false) */
  dedupeKey?: string;
  /** not delivered before this instant (default: now) */
  notBefore?: Date;
  /** not delivered after this instant: the row is marked 'expired' instead */
  notAfter?: Date;
}

export interface DrainResult {
  sent: number;
  failed: number;
  expired: number;
}

export interface OutboxLog {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** A claimed message may take this long to deliver before another drainer may take it over. */
const LEASE_MS = 60_000;
/** Rows claimed per statement; a pass claims batches until none is left. */
const BATCH_SIZE = 50;
/** Delivery attempts before a message is given up as 'failed'. */
export const MAX_ATTEMPTS = 5;
/** The wait before a failed delivery is tried again grows with each attempt. */
const RETRY_BASE_MS = 30_000;
/** A pass stops after this many batches; the next drain carries on. */
const MAX_BATCHES_PER_PASS = 20;

/** A handed-over message older than this is left to a drain: its lease is about to let another drainer take it. */
const HANDED_OVER_UNTIL_MS = LEASE_MS / 2;

/** The placeholders of `claimedInsertFrom` for one message written `now`, claimed by this process for a lease. */
export const claimedValues = (message: SmsMessage, now: Date): Record<string, unknown> => ({
  smsMarket: message.market,
  smsPhone: message.phone,
  smsPurpose: message.purpose,
  smsBody: message.body,
  smsAt: now.toISOString(),
  smsClaimedUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
});

/** What delivery reads of a claimed row. */
type ClaimedMessage = Pick<SmsOutboxRow, 'id' | 'market' | 'phone' | 'purpose' | 'body' | 'attempts'>;

/** A message written claimed by this process (`claimedInsertFrom`), handed over once its statement ran. */
interface HandedOver extends ClaimedMessage {
  writtenAt: number;
}

const messageOf = (row: ClaimedMessage): OutboxMessage => ({
  id: row.id,
  market: row.market,
  phone: row.phone,
  purpose: row.purpose as SmsMessage['purpose'],
  body: row.body,
});

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-2)}`;

/**
 * Marks delivered rows sent, each found by its primary key (decision 178): written as a join on
 * the ids, not `id IN (…) AND status = 'pending'`, for which the planner ANDed the primary key with
 * a bitmap scan of the whole pending index. Bitmap scans never mark the entries of rows sent since
 * as dead, so at a peak that index grew by a row a message until vacuum came, and every hand-over
 * read all of it (1.4 ms for eight messages after 25,000 sent, 0.06 ms by the key). One statement
 * prepared once for any number of rows.
 */
const markSentStatement = (db: Db) =>
  prepareSql<never>(
    db,
    'sms_outbox_mark_sent',
    sql`UPDATE ${smsOutbox} SET status = 'sent', sent_at = ${sql.placeholder('now')}::timestamptz, claimed_until = NULL, last_error = NULL
      FROM unnest(${sql.placeholder('ids')}::bigint[]) AS delivered(id)
      WHERE ${smsOutbox}.id = delivered.id AND ${smsOutbox}.status = 'pending'`,
  );

export class SmsOutbox implements SmsProvider {
  /** a hint only (the table is the truth): this process wrote a row since its last drain */
  private enqueuedSinceDrain = false;
  private running: Promise<DrainResult> | null = null;
  private queued: Promise<DrainResult> | null = null;
  /** messages handed over (`handOver`) and not yet taken to the transport */
  private handedOver: HandedOver[] = [];
  /** settles once every message handed over so far went to the transport (runs one after another) */
  private handedOverDone: Promise<void> = Promise.resolve();
  private handOverScheduled = false;
  private readonly markSentByKey: PreparedSql<never>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly transport: SmsTransport,
    private readonly log: OutboxLog,
  ) {
    this.markSentByKey = markSentStatement(db);
  }

  /** The SmsProvider every sender calls: the message joins the caller's transaction. */
  async send(message: SmsMessage, tx?: Db): Promise<void> {
    await this.enqueue(message, {}, tx);
  }

  async sendMany(messages: readonly SmsMessage[], tx: Db = this.db): Promise<void> {
    if (messages.length === 0) return;
    const now = this.clock.now();
    await tx.insert(smsOutbox).values(
      messages.map((message) => ({
        market: message.market,
        phone: message.phone,
        purpose: message.purpose,
        body: message.body,
        dedupeKey: null,
        notBefore: now,
        notAfter: null,
        createdAt: now,
      })),
    );
    this.enqueuedSinceDrain = true;
  }

  /** Writes one message; false when its dedupe key was taken before. */
  async enqueue(message: SmsMessage, options: EnqueueOptions = {}, tx: Db = this.db): Promise<boolean> {
    const now = this.clock.now();
    const rows = await tx
      .insert(smsOutbox)
      .values({
        market: message.market,
        phone: message.phone,
        purpose: message.purpose,
        body: message.body,
        dedupeKey: options.dedupeKey ?? null,
        notBefore: options.notBefore ?? now,
        notAfter: options.notAfter ?? null,
        createdAt: now,
      })
      // the unique index holds only rows with a key (0017)
      .onConflictDoNothing({ target: smsOutbox.dedupeKey, where: isNotNull(smsOutbox.dedupeKey) })
      .returning({ id: smsOutbox.id });
    if (rows.length > 0) this.enqueuedSinceDrain = true;
    return rows.length > 0;
  }

  /**
   * The outbox row of a message as an INSERT … RETURNING id, one row for each row of `rows` (a
   * sender's data-modifying WITH part: the message is written only with what it tells of), claimed
   * by this process for a lease (attempt 1), so no drain takes it while this process delivers it
   * after `handOver`. Its values are placeholders (`claimedValues` fills them): a sender prepares it
   * into a statement of its own.
   */
  claimedInsertFrom(rows: SQL): SQL {
    return sql`INSERT INTO ${smsOutbox} (market, phone, purpose, body, not_before, created_at, claimed_until, attempts)
      SELECT ${sql.placeholder('smsMarket')}::text, ${sql.placeholder('smsPhone')}::text, ${sql.placeholder('smsPurpose')}::text, ${sql.placeholder('smsBody')}::text,
        ${sql.placeholder('smsAt')}::timestamptz, ${sql.placeholder('smsAt')}::timestamptz, ${sql.placeholder('smsClaimedUntil')}::timestamptz, 1
      FROM ${rows}
      RETURNING id`;
  }

  claimedValues(message: SmsMessage, now: Date): Record<string, unknown> {
    return claimedValues(message, now);
  }

  /**
   * The statement that wrote `claimedInsertFrom`'s row `id` has run: the message goes to the transport with
   * the others handed over meanwhile, one batch at a time, and is marked sent.
   */
  handOver(id: number, message: SmsMessage, now: Date): void {
    this.handedOver.push({ ...message, id, attempts: 1, writtenAt: now.getTime() });
    if (this.handOverScheduled) return;
    this.handOverScheduled = true;
    this.handedOverDone = this.handedOverDone.then(() => this.deliverHandedOver());
  }

  /** True when this process wrote a message it has not drained since (the after-response hook asks). */
  get hasEnqueued(): boolean {
    return this.enqueuedSinceDrain;
  }

  /**
   * Delivers every message due now. Passes in one process run one at a time, and a drain asked
   * for during a pass gets a whole pass of its own after it, so a row committed before the call
   * is delivered (or retried later) by the time the answer comes.
   */
  drain(): Promise<DrainResult> {
    // what was handed over goes first: a claim skips it, as it is leased to this process
    return this.handedOverDone.then(() => this.drainAfterHandOver());
  }

  private drainAfterHandOver(): Promise<DrainResult> {
    if (this.queued) return this.queued;
    if (!this.running) return this.startPass();
    this.queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.startPass();
      });
    return this.queued;
  }

  /** Waits for any pass under way (closing the app). */
  async settle(): Promise<void> {
    await this.handedOverDone;
    await this.queued?.catch(() => undefined);
    await this.running?.catch(() => undefined);
  }

  private startPass(): Promise<DrainResult> {
    this.enqueuedSinceDrain = false;
    const pass = this.pass().finally(() => {
      if (this.running === pass) this.running = null;
    });
    this.running = pass;
    return pass;
  }

  private async pass(): Promise<DrainResult> {
    const now = this.clock.now();
    const result: DrainResult = { sent: 0, failed: 0, expired: 0 };
    const expired = await this.db
      .update(smsOutbox)
      .set({ status: 'expired', claimedUntil: null })
      .where(
        and(
          eq(smsOutbox.status, 'pending'),
          lte(smsOutbox.notAfter, now),
          or(isNull(smsOutbox.claimedUntil), lte(smsOutbox.claimedUntil, now)),
        ),
      )
      .returning({ id: smsOutbox.id });
    result.expired = expired.length;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const claimed = await this.claim(now);
      // a batch is handed to the transport at once, and what it took is marked sent in one statement
      const sent = await this.deliverBatch(claimed, now);
      await this.markSent(sent, now);
      result.sent += sent.length;
      result.failed += claimed.length - sent.length;
      if (claimed.length < BATCH_SIZE) break;
    }
    return result;
  }

  /**
   * Takes what was handed over to the transport, a batch at a time, once the answers of this turn
   * of the event loop are on their way. Never fails: a message it could not take stays leased, and
   * a drain delivers it when the lease ends.
   */
  private async deliverHandedOver(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.handOverScheduled = false;
    const taken = this.handedOver.splice(0);
    try {
      for (let start = 0; start < taken.length; start += BATCH_SIZE) {
        const now = this.clock.now();
        // a message that waited half its lease is left to the drain that may take it when the lease ends
        const batch = taken.slice(start, start + BATCH_SIZE).filter((message) => now.getTime() - message.writtenAt < HANDED_OVER_UNTIL_MS);
        await this.markSent(await this.deliverBatch(batch, now), now);
      }
    } catch (error) {
      this.log.error({ err: error }, 'sms hand-over failed; a drain delivers its messages when their lease ends');
    }
  }

  /** Claims due rows with a lease: rows another drainer has locked are skipped, not waited for. */
  private claim(now: Date) {
    const claimable = and(
      eq(smsOutbox.status, 'pending'),
      lte(smsOutbox.notBefore, now),
      or(isNull(smsOutbox.notAfter), gt(smsOutbox.notAfter, now)),
      or(isNull(smsOutbox.claimedUntil), lte(smsOutbox.claimedUntil, now)),
    );
    const due = this.db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(claimable)
      .orderBy(asc(smsOutbox.notBefore), asc(smsOutbox.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return this.db
      .update(smsOutbox)
      .set({ claimedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${smsOutbox.attempts} + 1` })
      .where(and(inArray(smsOutbox.id, due), claimable))
      .returning();
  }

  /** The claimed rows the transport took: in one call when it takes batches, else each on its own, side by side. */
  private async deliverBatch<Row extends ClaimedMessage>(claimed: readonly Row[], now: Date): Promise<Row[]> {
    if (claimed.length === 0) return [];
    if (this.transport.deliverAll) {
      try {
        await this.transport.deliverAll(claimed.map(messageOf));
        for (const row of claimed) this.logSent(row);
        return [...claimed];
      } catch {
        // one bad message fails the batch: each is tried on its own, and only the failing ones are retried later
      }
    }
    const delivered = await Promise.all(claimed.map(async (row) => ((await this.deliverOne(row, now)) ? row : null)));
    return delivered.filter((row) => row !== null);
  }

  private logSent(row: ClaimedMessage): void {
    this.log.info({ outboxId: row.id, phone: masked(row.phone), purpose: row.purpose, transport: this.transport.name }, 'sms sent');
  }

  private async deliverOne(row: ClaimedMessage, now: Date): Promise<boolean> {
    try {
      await this.transport.deliver(messageOf(row));
    } catch (error) {
      const givenUp = row.attempts >= MAX_ATTEMPTS;
      await this.db
        .update(smsOutbox)
        .set({
          status: givenUp ? 'failed' : 'pending',
          claimedUntil: givenUp ? null : new Date(now.getTime() + RETRY_BASE_MS * row.attempts),
          lastError: String(error).slice(0, 500),
        })
        .where(eq(smsOutbox.id, row.id));
      this.log.error({ err: error, outboxId: row.id, phone: masked(row.phone), attempts: row.attempts, givenUp }, 'sms delivery failed');
      return false;
    }
    this.logSent(row);
    return true;
  }

  /** The rows the transport took, marked sent (a row another drainer finished meanwhile stays as it is). */
  private async markSent(rows: readonly { id: number }[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    await this.markSentByKey.execute({ ids: rows.map((row) => row.id), now: now.toISOString() });
  }
}
