/**
 * The payouts' SQL (issue 28, decision 135). `queuePayout` is what the approval imports: it takes the
 * submit's transaction, so the queued row — the outbox — exists exactly when the approval committed.
 * The job claims due rows in batches, set-based, with a lease (FOR UPDATE SKIP LOCKED), so two
 * instances never take the same row and a claim that dies with its process runs out.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { borrowers, type DisbursalAccount, disbursalAccounts, type Order, orders, type PayoutRow, payouts } from '../../db/schema.js';

export interface QueuedPayout {
  order: Pick<Order, 'id' | 'borrowerId' | 'orderNo' | 'market' | 'principalMinor'>;
  accountId: number;
  gateway: string;
  attempt: number;
  /** when the job may send it: the approval's time (the decision shows then) or at once for a new account */
  nextTryAt: Date;
}

/** Our reference of an attempt: the gateway's `reference_id` / `reference`, and how it is found after a crash. */
export const payoutReference = (orderNo: string, attempt: number) => `${orderNo}-${attempt}`;

/** A new attempt, queued in the caller's transaction: its idempotency key is generated and stored now, before any call. */
export const queuePayout = async (tx: Db, payout: QueuedPayout): Promise<PayoutRow> => {
  const [row] = await tx
    .insert(payouts)
    .values({
      publicId: payoutReference(payout.order.orderNo, payout.attempt),
      orderId: payout.order.id,
      borrowerId: payout.order.borrowerId,
      disbursalAccountId: payout.accountId,
      market: payout.order.market,
      gateway: payout.gateway,
      attempt: payout.attempt,
      amountMinor: payout.order.principalMinor,
      idempotencyKey: randomUUID(),
      status: 'queued',
      nextTryAt: payout.nextTryAt,
    })
    .returning();
  return row!;
};

/** A claimed row with what the call needs: the account it goes to and the borrower's name. */
export interface ClaimedPayout {
  payout: PayoutRow;
  account: DisbursalAccount;
  borrowerName: string;
  /** claimed before (a try ran, or a process died after the call): the gateway is asked first */
  triedBefore: boolean;
}

/** A payout with its order, account and borrower's phone, as a writer holds them under lock. */
export interface Locked {
  order: Order;
  payout: PayoutRow;
  account: DisbursalAccount;
  phone: string | null;
}

export class PayoutsRepository {
  constructor(readonly db: Db) {}

  /**
   * Claims up to `limit` due rows in one statement: queued or processing, due, and not under another
   * claim. Rows another instance is claiming right now are skipped, not waited for.
   */
  async claimDue(now: Date, leaseEnd: Date, limit: number): Promise<ClaimedPayout[]> {
    const claimed = rowsOf<{ id: string | number; tries: number }>(
      await this.db.execute(sql`
        WITH due AS (
          SELECT id FROM payouts
          WHERE status IN ('queued', 'processing') AND next_try_at <= ${now}
            AND (claimed_until IS NULL OR claimed_until <= ${now})
          ORDER BY next_try_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE payouts p SET claimed_until = ${leaseEnd}, tries = p.tries + 1, updated_at = ${now}
        FROM due WHERE p.id = due.id
        RETURNING p.id, p.tries`),
    );
    if (claimed.length === 0) return [];
    const tries = new Map(claimed.map((row) => [Number(row.id), Number(row.tries)]));
    const rows = await this.db
      .select({ payout: payouts, account: disbursalAccounts, borrowerName: borrowers.name })
      .from(payouts)
      .innerJoin(disbursalAccounts, eq(disbursalAccounts.id, payouts.disbursalAccountId))
      .innerJoin(borrowers, eq(borrowers.id, payouts.borrowerId))
      .where(inArray(payouts.id, [...tries.keys()]))
      .orderBy(payouts.id);
    return rows.map((row) => ({ ...row, triedBefore: (tries.get(row.payout.id) ?? 1) > 1 || row.payout.gatewayPayoutId !== null }));
  }

  /** The payout and its order, both locked until the transaction ends (a webhook and the job meet here one at a time). */
  async lockByReference(tx: Db, gateway: string, reference: string, gatewayPayoutId: string | null) {
    const [byReference] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.gateway, gateway), eq(payouts.publicId, reference)))
      .limit(1);
    const found =
      byReference ??
      (gatewayPayoutId === null
        ? undefined
        : (
            await tx
              .select()
              .from(payouts)
              .where(and(eq(payouts.gateway, gateway), eq(payouts.gatewayPayoutId, gatewayPayoutId)))
              .limit(1)
          )[0]);
    if (!found) return null;
    return this.lock(tx, found.id);
  }

  async lock(tx: Db, payoutId: number): Promise<Locked | null> {
    // the order first, as every other writer of an order's ledger locks it
    const [order] = await tx
      .select()
      .from(orders)
      .where(sql`${orders.id} = (SELECT order_id FROM payouts WHERE id = ${payoutId})`)
      .for('update');
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!order || !payout) return null;
    const [account] = await tx.select().from(disbursalAccounts).where(eq(disbursalAccounts.id, payout.disbursalAccountId));
    const [borrower] = await tx.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, order.borrowerId));
    return { order, payout, account: account!, phone: borrower?.phone ?? null };
  }

  /**
   * A batch's payouts with their orders, accounts and phones, orders and payouts locked until the
   * transaction ends: four statements for the batch, each locking in id order (the order first, as
   * `lock` does), so two batches or a batch and a webhook never wait on each other in a circle.
   */
  async lockMany(tx: Db, payoutIds: readonly number[]): Promise<Map<number, Locked>> {
    const locked = new Map<number, Locked>();
    if (payoutIds.length === 0) return locked;
    const ids = [...payoutIds];
    const orderRows = await tx
      .select()
      .from(orders)
      .where(inArray(orders.id, tx.select({ id: payouts.orderId }).from(payouts).where(inArray(payouts.id, ids))))
      .orderBy(orders.id)
      .for('update');
    const payoutRows = await tx.select().from(payouts).where(inArray(payouts.id, ids)).orderBy(payouts.id).for('update');
    const accounts = await tx
      .select()
      .from(disbursalAccounts)
      .where(
        inArray(
          disbursalAccounts.id,
          payoutRows.map((row) => row.disbursalAccountId),
        ),
      );
    const phones = await tx
      .select({ id: borrowers.id, phone: borrowers.phone })
      .from(borrowers)
      .where(
        inArray(
          borrowers.id,
          orderRows.map((row) => row.borrowerId),
        ),
      );
    const orderById = new Map(orderRows.map((row) => [row.id, row]));
    const accountById = new Map(accounts.map((row) => [row.id, row]));
    const phoneOf = new Map(phones.map((row) => [row.id, row.phone]));
    for (const payout of payoutRows) {
      const order = orderById.get(payout.orderId);
      const account = accountById.get(payout.disbursalAccountId);
      if (order && account) locked.set(payout.id, { order, payout, account, phone: phoneOf.get(order.borrowerId) ?? null });
    }
    return locked;
  }

  /** Payouts that landed, recorded in one statement: processed that day with the gateway's id and UTR. */
  async markProcessed(
    tx: Db,
    rows: readonly { id: number; gatewayPayoutId: string | null; utr: string | null; processedOn: string }[],
    now: Date,
  ): Promise<void> {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((row) => sql`(${row.id}::bigint, ${row.gatewayPayoutId}::text, ${row.utr}::text, ${row.processedOn}::date)`),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE payouts p SET status = 'processed', gateway_payout_id = v.gateway_payout_id, utr = v.utr, processed_on = v.processed_on,
        retryable = false, failure_code = NULL, failure_reason = NULL, updated_at = ${now}
      FROM (VALUES ${values}) AS v (id, gateway_payout_id, utr, processed_on)
      WHERE p.id = v.id`);
  }

  /** Payouts the gateway still holds (pending, queued for low balance), recorded in one statement and asked about again at `nextTryAt`. */
  async markProcessing(
    tx: Db,
    rows: readonly { id: number; gatewayPayoutId: string | null; failureReason: string | null }[],
    nextTryAt: Date,
    now: Date,
  ): Promise<void> {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((row) => sql`(${row.id}::bigint, ${row.gatewayPayoutId}::text, ${row.failureReason}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE payouts p SET status = 'processing', gateway_payout_id = v.gateway_payout_id, failure_reason = v.failure_reason,
        next_try_at = ${nextTryAt}, updated_at = ${now}
      FROM (VALUES ${values}) AS v (id, gateway_payout_id, failure_reason)
      WHERE p.id = v.id`);
  }

  /** The batch's claims let go once its answers are recorded: one statement. */
  async releaseClaims(tx: Db, payoutIds: readonly number[]): Promise<void> {
    if (payoutIds.length === 0) return;
    await tx
      .update(payouts)
      .set({ claimedUntil: null })
      .where(inArray(payouts.id, [...payoutIds]));
  }

  async update(tx: Db, payoutId: number, values: Partial<typeof payouts.$inferInsert>): Promise<void> {
    await tx.update(payouts).set(values).where(eq(payouts.id, payoutId));
  }

  /** Lets the claim go without an answer recorded (the call threw): due again once `nextTryAt` comes. */
  async release(payoutId: number, nextTryAt: Date, now: Date): Promise<void> {
    await this.db.update(payouts).set({ claimedUntil: null, nextTryAt, updatedAt: now }).where(eq(payouts.id, payoutId));
  }

  /** How many of the order's attempts failed in a way worth trying again. */
  async retryableFailures(tx: Db, orderId: number): Promise<number> {
    const rows = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.orderId, orderId), eq(payouts.status, 'failed'), eq(payouts.retryable, true)));
    return rows.length;
  }

  /** The order's attempts, newest first. */
  async ofOrder(orderId: number, tx: Db = this.db): Promise<PayoutRow[]> {
    return tx.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(desc(payouts.attempt));
  }

  /**
   * Orders whose last attempt failed for good or came back, whose borrower has since given another
   * valid account, and that are neither cancelled nor paid out: one new attempt each (attempt + 1,
   * a new key), queued in one statement. Answers how many.
   */
  async queueForNewAccounts(
    now: Date,
    gatewayOf: (market: Order['market']) => string,
    usable: (account: { validationStatus: DisbursalAccount['validationStatus']; gateway: string }) => boolean,
  ): Promise<number> {
    const found = rowsOf<{
      order_id: string | number;
      account_id: string | number;
      market: Order['market'];
      attempt: number;
      validation_status: DisbursalAccount['validationStatus'];
      account_gateway: string;
    }>(
      await this.db.execute(sql`
        SELECT last.order_id, a.id AS account_id, o.market, last.attempt, a.validation_status, a.gateway AS account_gateway
        FROM (
          SELECT DISTINCT ON (order_id) order_id, attempt, status, disbursal_account_id, borrower_id
          FROM payouts ORDER BY order_id, attempt DESC
        ) last
        JOIN orders o ON o.id = last.order_id
        JOIN disbursal_accounts a ON a.borrower_id = last.borrower_id AND a.replaced_at IS NULL
          AND a.validation_status IN ('valid', 'pending')
        WHERE last.status IN ('failed', 'reversed', 'cancelled') AND a.id <> last.disbursal_account_id
          AND o.cancelled_at IS NULL AND o.disbursed_at IS NULL`),
    );
    const wanted = found.filter((row) => usable({ validationStatus: row.validation_status, gateway: row.account_gateway }));
    if (wanted.length === 0) return 0;
    const orderRows = await this.db
      .select({
        id: orders.id,
        borrowerId: orders.borrowerId,
        orderNo: orders.orderNo,
        market: orders.market,
        principalMinor: orders.principalMinor,
      })
      .from(orders)
      .where(
        inArray(
          orders.id,
          wanted.map((row) => Number(row.order_id)),
        ),
      );
    const byId = new Map(orderRows.map((order) => [order.id, order]));
    const rows = await this.db
      .insert(payouts)
      .values(
        wanted.map((row) => {
          const order = byId.get(Number(row.order_id))!;
          const attempt = Number(row.attempt) + 1;
          return {
            publicId: payoutReference(order.orderNo, attempt),
            orderId: order.id,
            borrowerId: order.borrowerId,
            disbursalAccountId: Number(row.account_id),
            market: order.market,
            gateway: gatewayOf(order.market),
            attempt,
            amountMinor: order.principalMinor,
            idempotencyKey: randomUUID(),
            status: 'queued' as const,
            nextTryAt: now,
          };
        }),
      )
      // another instance queued the same attempt first: one attempt per order and number
      .onConflictDoNothing()
      .returning({ id: payouts.id, orderId: payouts.orderId });
    if (rows.length > 0) {
      // the orders' views change: disbursing again
      await this.db
        .update(orders)
        .set({ revision: sql`${orders.revision} + 1` })
        .where(
          inArray(
            orders.id,
            rows.map((row) => row.orderId),
          ),
        );
    }
    return rows.length;
  }
}
