/**
 * Every statement that reads or writes `ledger_entries` (DESIGN §4), and what a posting changes
 * beside its row (the order's paid-off date, an extension's due dates). Rows are append-only,
 * each written in the transaction of the state it changes (pass that transaction). Every row has
 * a unique idempotency key: posting a key again posts nothing and says so, also when both
 * postings arrive at the same instant. No other production module writes these rows.
 */
import { Market } from '@kilat/contract';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type LedgerEntry, type LedgerKind, ledgerEntries, loanPositions, type Order, orderPeriods, orders } from '../../db/schema.js';
import type { BusinessDate } from '../../lending/business-date.js';
import type { LedgerRow } from '../../lending/ledger-replay.js';
import { assertMinor } from '../../lending/money.js';
import { keepPromises } from './promises-kept.js';
import { type OrderLedger, replayOrder } from './replay.js';

export type { OrderLedger };

// ---- keys: each kind of movement names itself once, in TypeScript and (where SQL needs it) in SQL

/** One penalty row per order per overdue day (issue 12): the key makes a catch-up or a second instance post nothing twice. */
export const penaltyKey = (orderId: number, businessDate: BusinessDate) => `penalty:${orderId}:${businessDate}`;
/** penaltyKey in SQL, of a row's own order and date (the dev module's ageing of an order re-keys its penalties with it). */
export const penaltyKeySql = (orderId: SQL | typeof ledgerEntries.orderId, businessDate: SQL | typeof ledgerEntries.businessDate) =>
  sql<string>`'penalty:' || ${orderId} || ':' || ${businessDate}`;
/** The row a payment is posted as (a repayment or an extension fee). */
export const paymentKey = (paymentPublicId: string) => `payment:${paymentPublicId}`;
/** paymentKey in SQL, of a column or value holding the payment's public id (a read that joins payments to their rows). */
export const paymentKeySql = (paymentPublicId: SQL | { getSQL(): SQL }) => sql<string>`'payment:' || ${paymentPublicId}`;
/** The waiver a closing repayment carries with it. */
export const waiverKey = (paymentPublicId: string) => `waiver:${paymentKey(paymentPublicId)}`;
/** an operator's penalty waiver, once per approved request (decision 157) */
export const penaltyWaiverKey = (waiverId: number) => `penalty-waiver:${waiverId}`;
/** an offline repayment (decision 163): once per order and bank reference, whatever the operator types around it */
export const offlineRepaymentKey = (orderId: number, bankReference: string) => `offline-repayment:${orderId}:${bankReference}`;
/** the waiver an offline repayment closing the loan early carries */
export const offlineWaiverKey = (orderId: number, bankReference: string) => `waiver:${offlineRepaymentKey(orderId, bankReference)}`;
/** a row undone, once (issue 47, decision 231) */
export const reversalKey = (ledgerId: number) => `reversal:${ledgerId}`;
/** a penalty charged again for a day whose first penalty a value-dated posting undid: once per day and posting that restated it */
export const restatedPenaltyKey = (orderId: number, businessDate: BusinessDate, causeKey: string) =>
  `${penaltyKey(orderId, businessDate)}:${causeKey}`;
/** a write-off, once per approved request (decision 163) */
export const writeOffKey = (approvalId: number) => `write-off:${approvalId}`;
/** a refund, once per refund payout, when the gateway confirms it (decision 164); and its return */
export const refundKey = (reference: string) => `refund:${reference}`;
export const refundReversalKey = (reference: string) => `refund_reversal:${reference}`;
export const settlementWaiverKey = (settlementId: number) => `settlement-waiver:${settlementId}`;
/** a coupon's discount, once per paid payment that used it (issue 50) */
export const couponKey = (paymentPublicId: string) => `coupon:${paymentKey(paymentPublicId)}`;
/** The disbursement of an order (one per order). */
/** `disbursement:<orderNo>` for the first payout that lands; a payout landing after a reversal gets its attempt's own key. */
export const disbursementKey = (orderNo: string, attempt = 1, landedBefore = false) =>
  landedBefore ? `disbursement:${orderNo}:${attempt}` : `disbursement:${orderNo}`;

// ---- writes

export interface Posting {
  orderId: number;
  kind: LedgerKind;
  amountMinor: number;
  idempotencyKey: string;
  businessDate: BusinessDate;
  periodNo?: number | null;
  meta?: Record<string, unknown>;
}

export type PostingResult = { posted: true; entry: LedgerEntry } | { posted: false };

/** A posting as its row: an amount in minor units that moves money. */
const ledgerRow = (posting: Posting) => {
  assertMinor('amountMinor', posting.amountMinor);
  if (posting.amountMinor === 0) throw new RangeError('a ledger row moves money: amountMinor must be more than 0');
  return {
    orderId: posting.orderId,
    kind: posting.kind,
    amountMinor: posting.amountMinor,
    idempotencyKey: posting.idempotencyKey,
    businessDate: posting.businessDate,
    periodNo: posting.periodNo ?? null,
    meta: posting.meta ?? {},
  };
};

/** One row, unless its key was posted already (then nothing, `posted: false`). */
export const postLedgerEntry = async (tx: Db, posting: Posting): Promise<PostingResult> => {
  const [entry] = await tx
    .insert(ledgerEntries)
    .values(ledgerRow(posting))
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning();
  if (!entry) return { posted: false };
  await refreshLoanPositions(tx, [entry.orderId]);
  return { posted: true, entry };
};

/** Rows in one statement; a key posted before is left as it is. Answers how many rows were new. */
const insertNew = async (tx: Db, rows: (typeof ledgerEntries.$inferInsert)[]): Promise<number> => {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(ledgerEntries)
    .values(rows)
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id, orderId: ledgerEntries.orderId, kind: ledgerEntries.kind });
  // a penalty changes no period's balance nor due date: the accrual's many rows leave the positions as they are
  const moved = new Set(inserted.filter((row) => row.kind !== 'penalty').map((row) => row.orderId));
  await refreshLoanPositions(tx, [...moved]);
  return inserted.length;
};

/** Several rows in one statement; a key posted before is left as it is. Answers how many rows were new. */
export const postLedgerEntries = (tx: Db, postings: readonly Posting[]): Promise<number> => insertNew(tx, postings.map(ledgerRow));

/**
 * What each of these loans owes, replayed from its ledger and kept in `loan_positions` (decision 235):
 * run by every writer here after its rows, in the same transaction, so the dashboard's open book and
 * lists read the replay's answer and never work it out a second way. Exported for the dev module's
 * rewrites of an order's timeline and the dashboard-summary job's catch-up of loans posted before it existed.
 */
export const refreshLoanPositions = async (tx: Db, orderIds: readonly number[]): Promise<void> => {
  if (orderIds.length === 0) return;
  const [rows, ledgers] = await Promise.all([
    tx
      .select()
      .from(orders)
      .where(and(inArray(orders.id, [...orderIds]), isNotNull(orders.disbursedAt))),
    ledgersOf(tx, orderIds),
  ]);
  if (rows.length === 0) return;
  const replays = new Map<number, ReturnType<typeof replayOrder>>();
  const positions = rows.map((order) => {
    const ledger = ledgers.get(order.id)!;
    const replay = replayOrder(order, ledger, undefined);
    replays.set(order.id, replay);
    const owing = replay.reversed ? [] : replay.periods.filter((period) => period.owedMinor > 0);
    return {
      orderId: order.id,
      principalOwedMinor: owing.reduce((sum, period) => sum + period.principalMinor, 0),
      owedMinor: owing.reduce((sum, period) => sum + period.owedMinor, 0),
      oldestDue: owing[0]?.dueDate ?? null,
      ledgerThrough: ledger.ledger.reduce((max, row) => Math.max(max, row.id), 0),
    };
  });
  await tx
    .insert(loanPositions)
    .values(positions)
    .onConflictDoUpdate({
      target: loanPositions.orderId,
      set: {
        principalOwedMinor: sql`excluded.principal_owed_minor`,
        owedMinor: sql`excluded.owed_minor`,
        oldestDue: sql`excluded.oldest_due`,
        ledgerThrough: sql`excluded.ledger_through`,
        updatedAt: sql`now()`,
      },
    });
  // a repayment that covers a promise to pay keeps it now, in the posting's transaction (decision 280)
  await keepPromises(tx, replays);
};

export interface PenaltyPosting {
  orderId: number;
  businessDate: BusinessDate;
  overdueDay: number;
  overduePrincipalMinor: number;
  amountMinor: number;
}

/** Posts penalties in one statement; a day already posted is left as it is (penaltyKey). Answers how many rows were new. */
export const postPenalties = (tx: Db, penalties: readonly PenaltyPosting[]): Promise<number> =>
  insertNew(
    tx,
    penalties.map((penalty) => {
      assertMinor('amountMinor', penalty.amountMinor);
      return {
        orderId: penalty.orderId,
        kind: 'penalty' as const,
        amountMinor: penalty.amountMinor,
        idempotencyKey: penaltyKey(penalty.orderId, penalty.businessDate),
        businessDate: penalty.businessDate,
        meta: { overdueDay: penalty.overdueDay, overduePrincipalMinor: penalty.overduePrincipalMinor },
      };
    }),
  );

/** Records the business date an order was paid off, or clears it when an order owes again. */
export const setClosedOn = async (tx: Db, orderId: number, closedOn: string | null): Promise<void> => {
  await tx.update(orders).set({ closedOn }).where(eq(orders.id, orderId));
};

/** Moves these periods' due dates `days` later (an extension paid); the order's due date stays its last period's. */
export const shiftDueDates = async (tx: Db, orderId: number, periodNos: readonly number[], days: number): Promise<void> => {
  await tx
    .update(orderPeriods)
    .set({ dueDate: sql`${orderPeriods.dueDate} + ${days}::integer` })
    .where(and(eq(orderPeriods.orderId, orderId), inArray(orderPeriods.periodNo, [...periodNos])));
  await tx
    .update(orders)
    .set({ dueDate: sql`(SELECT max(${orderPeriods.dueDate}) FROM ${orderPeriods} WHERE ${orderPeriods.orderId} = ${orderId})` })
    .where(eq(orders.id, orderId));
  await refreshLoanPositions(tx, [orderId]);
};

/**
 * The open loans posted to before `loan_positions` existed (or seeded around the ledger module) get
 * their position, `batch` at a time: the dashboard-summary job's catch-up. Answers how many it wrote.
 */
export const refreshMissingPositions = async (db: Db, batch = 500): Promise<number> => {
  let written = 0;
  for (;;) {
    const missing = await db
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(loanPositions, eq(loanPositions.orderId, orders.id))
      .where(
        and(
          isNotNull(orders.disbursedAt),
          isNull(orders.closedOn),
          isNull(orders.cancelledAt),
          isNull(loanPositions.orderId),
          // a loan is in the ledger once its disbursement is posted
          sql`EXISTS (SELECT 1 FROM ledger_entries l WHERE l.order_id = ${orders.id})`,
        ),
      )
      .orderBy(orders.id)
      .limit(batch);
    if (missing.length === 0) return written;
    await db.transaction((tx) =>
      refreshLoanPositions(
        tx,
        missing.map((row) => row.id),
      ),
    );
    written += missing.length;
  }
};

// ---- reads

/** The row posted under a key, if any: what an idempotent action answers the second time. */
export const entryByKey = async (tx: Db, idempotencyKey: string): Promise<LedgerEntry | null> => {
  const [entry] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, idempotencyKey)).limit(1);
  return entry ?? null;
};

type LedgerEntryRow = Pick<typeof ledgerEntries.$inferSelect, 'id' | 'orderId' | 'kind' | 'amountMinor' | 'businessDate' | 'meta'>;

/** A stored row as the replay reads it; an extension row names the periods it moved (every period, in rows that predate that). */
export const ledgerRowOf = (row: LedgerEntryRow, periodNos: () => number[]): LedgerRow => {
  const base = { id: row.id, businessDate: row.businessDate, amountMinor: row.amountMinor };
  if (row.kind === 'reversal') return { ...base, kind: 'reversal', reverses: Number((row.meta as { reverses?: number }).reverses) };
  if (row.kind === 'coupon_discount') {
    const meta = row.meta as { feeMinor?: number; interestMinor?: number };
    return { ...base, kind: 'coupon_discount', feeMinor: meta.feeMinor ?? 0, interestMinor: meta.interestMinor ?? 0 };
  }
  if (row.kind !== 'extension_fee') return { ...base, kind: row.kind };
  const meta = row.meta as { days?: number; periods?: number[] };
  return { ...base, kind: 'extension_fee', days: meta.days ?? 0, periods: meta.periods ?? periodNos() };
};

/** A period as the JSON of `scheduleJson` carries it: [periodNo, dueDate, principal, interest, fee]. */
type PeriodTuple = [number, string, number, number, number];
/** A ledger row as the JSON of `ledgerJson` carries it: [id, kind, amount, businessDate, meta]. */
type LedgerTuple = [number, LedgerEntryRow['kind'], number, string, LedgerEntryRow['meta']];

/**
 * The selected order's schedule and ledger rows as two JSON columns of its own row, so an order and
 * everything its balances are replayed from come in one statement (decision 101). Select them
 * beside `orders`; `orderLedgerOf` reads them back.
 */
export const ledgerColumns = {
  schedule: sql<
    PeriodTuple[] | null
  >`(SELECT json_agg(json_build_array(p.period_no, p.due_date, p.principal_minor, p.interest_minor, p.fee_minor) ORDER BY p.period_no) FROM order_periods p WHERE p.order_id = ${orders.id})`,
  ledgerRows: sql<
    LedgerTuple[] | null
  >`(SELECT json_agg(json_build_array(l.id, l.kind, l.amount_minor, l.business_date, l.meta) ORDER BY l.business_date, l.id) FROM ledger_entries l WHERE l.order_id = ${orders.id})`,
};

/** The schedule and ledger of `ledgerColumns`, as the replay reads them. */
export const orderLedgerOf = (orderId: number, schedule: PeriodTuple[] | null, ledgerRows: LedgerTuple[] | null): OrderLedger => {
  const periods = (schedule ?? []).map(([periodNo, dueDate, principalMinor, interestMinor, feeMinor]) => ({
    periodNo,
    dueDate,
    principalMinor,
    interestMinor,
    feeMinor,
  }));
  const periodNos = () => periods.map((period) => period.periodNo);
  const ledger = (ledgerRows ?? []).map(([id, kind, amountMinor, businessDate, meta]) =>
    ledgerRowOf({ id, orderId, kind, amountMinor, businessDate, meta }, periodNos),
  );
  return { periods, ledger };
};

/** Two reads for any number of orders: their periods, and their ledger rows in time order. */
export const ledgersOf = async (tx: Db, ids: readonly number[]): Promise<Map<number, OrderLedger>> => {
  const ledgers = new Map<number, OrderLedger>(ids.map((id) => [id, { periods: [], ledger: [] }]));
  if (ids.length === 0) return ledgers;
  const [periods, rows] = await Promise.all([
    tx
      .select()
      .from(orderPeriods)
      .where(inArray(orderPeriods.orderId, [...ids]))
      .orderBy(orderPeriods.orderId, orderPeriods.periodNo),
    tx
      .select({
        id: ledgerEntries.id,
        orderId: ledgerEntries.orderId,
        kind: ledgerEntries.kind,
        amountMinor: ledgerEntries.amountMinor,
        businessDate: ledgerEntries.businessDate,
        meta: ledgerEntries.meta,
      })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.orderId, [...ids]))
      .orderBy(ledgerEntries.orderId, asc(ledgerEntries.businessDate), ledgerEntries.id),
  ]);
  for (const period of periods) {
    ledgers.get(period.orderId)?.periods.push({
      periodNo: period.periodNo,
      dueDate: period.dueDate,
      principalMinor: period.principalMinor,
      interestMinor: period.interestMinor,
      feeMinor: period.feeMinor,
    });
  }
  for (const row of rows) {
    const ledger = ledgers.get(row.orderId);
    if (!ledger) continue;
    ledger.ledger.push(ledgerRowOf(row, () => ledger.periods.map((period) => period.periodNo)));
  }
  return ledgers;
};

/**
 * The accrual's candidates (issue 12): open orders, disbursed by `now`, with a period due before
 * their market's today, after id `after`, `limit` of them in id order.
 */
export const accrualCandidates = (
  db: Db,
  input: { after: number; now: Date; today: Record<Market, BusinessDate>; limit: number },
): Promise<Order[]> =>
  db
    .select()
    .from(orders)
    .where(
      and(
        gt(orders.id, input.after),
        isNull(orders.closedOn),
        isNotNull(orders.disbursedAt),
        lte(orders.disbursedAt, input.now),
        inArray(
          orders.id,
          db
            .select({ id: orderPeriods.orderId })
            .from(orderPeriods)
            .where(
              sql`${orderPeriods.orderId} = ${orders.id} AND ${orderPeriods.dueDate} < CASE ${orders.market} WHEN ${Market.India} THEN ${input.today.IN}::date ELSE ${input.today.ID}::date END`,
            ),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(input.limit);

/** A disbursement or its reversal as the payout reconciliation compares it with the gateway's statement (a refund's payout counts as one, decision 164). */
export interface DisbursalMovement {
  orderId: number;
  kind: 'disbursement' | 'disbursement_reversal';
  amountMinor: number;
  businessDate: BusinessDate;
  gatewayPayoutId: string | null;
  /** the attempt's reference (`<orderNo>-<attempt>`, the gateway's reference_id) */
  reference: string;
}

/**
 * The disbursements and reversals of one market paid through one gateway (their meta names it),
 * posted on business dates `from`..`to` (inclusive): one statement, for the daily reconciliation.
 */
export const disbursalMovements = async (
  db: Db,
  input: { market: Market; gateway: string; from: BusinessDate; to: BusinessDate },
): Promise<DisbursalMovement[]> => {
  const rows = await db
    .select({
      orderId: ledgerEntries.orderId,
      kind: ledgerEntries.kind,
      amountMinor: ledgerEntries.amountMinor,
      businessDate: ledgerEntries.businessDate,
      gatewayPayoutId: sql<string | null>`${ledgerEntries.meta} ->> 'gatewayPayoutId'`,
      attempt: sql<string | null>`${ledgerEntries.meta} ->> 'attempt'`,
      refundReference: sql<string | null>`${ledgerEntries.meta} ->> 'reference'`,
      orderNo: orders.orderNo,
    })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(
      and(
        // a refund's payout leaves by the same gateway account (decision 164): the statement lists it as a payout, and its return
        inArray(ledgerEntries.kind, ['disbursement', 'disbursement_reversal', 'refund', 'refund_reversal']),
        sql`${ledgerEntries.businessDate} BETWEEN ${input.from}::date AND ${input.to}::date`,
        sql`${ledgerEntries.meta} ->> 'gateway' = ${input.gateway}`,
        eq(orders.market, input.market),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
  return rows.map((row) => {
    const refund = row.kind === 'refund' || row.kind === 'refund_reversal';
    return {
      orderId: row.orderId,
      kind: (refund ? (row.kind === 'refund' ? 'disbursement' : 'disbursement_reversal') : row.kind) as DisbursalMovement['kind'],
      amountMinor: Number(row.amountMinor),
      businessDate: row.businessDate,
      gatewayPayoutId: row.gatewayPayoutId,
      reference: refund ? (row.refundReference ?? '') : `${row.orderNo}-${row.attempt ?? 1}`,
    };
  });
};
