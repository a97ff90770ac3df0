/** Orders with what their status and balances are replayed from: the schedule and the ledger rows. */
import { and, asc, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  type Borrower,
  borrowers,
  ledgerEntries,
  type Order,
  type OrderPeriod,
  orderPeriods,
  orders,
  payouts,
  products,
} from '../../db/schema.js';
import type { LedgerRow, ScheduledPeriod } from '../../lending/ledger-replay.js';
import type { PlannedPeriod } from '../../lending/schedule.js';

export type NewOrder = typeof orders.$inferInsert;

export interface OrderLedger {
  periods: ScheduledPeriod[];
  ledger: LedgerRow[];
}

type LedgerEntryRow = Pick<typeof ledgerEntries.$inferSelect, 'id' | 'orderId' | 'kind' | 'amountMinor' | 'businessDate' | 'meta'>;

/** A stored row as the replay reads it; an extension row names the periods it moved (every period, in rows that predate that). */
export const ledgerRowOf = (row: LedgerEntryRow, periodNos: () => number[]): LedgerRow => {
  const base = { id: row.id, businessDate: row.businessDate, amountMinor: row.amountMinor };
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

export interface OrderWithLedger {
  order: Order;
  ledger: OrderLedger;
}

/** An order with its ledger and the name and logo of its product (null when the product is gone). */
export interface ListedOrder extends OrderWithLedger {
  product: { name: string; logoUrl: string } | null;
}

/** The select of `withLedgers`: the orders, their schedules and ledgers, their products' names and logos. */
const withLedgersQuery = (db: Db, where: SQL) =>
  db
    .select({ order: orders, ...ledgerColumns, product: { name: products.name, logoUrl: products.logoUrl } })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .where(where);

const listedOrderOf = (row: Awaited<ReturnType<typeof withLedgersQuery>>[number]): ListedOrder => ({
  order: row.order,
  ledger: orderLedgerOf(row.order.id, row.schedule, row.ledgerRows),
  product: row.product,
});

/** What a view of all a borrower's orders is computed from, order by order (decision 115): newest first, as `listWithLedgersByBorrower`. */
export interface OrderStamp {
  id: number;
  orderNo: string;
  revision: number;
  productName: string;
  productLogo: string;
}

const borrowerStampsQuery = (db: Db) =>
  db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      revision: orders.revision,
      productName: sql<string>`coalesce(${products.name}, '')`,
      productLogo: sql<string>`coalesce(${products.logoUrl}, '')`,
    })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.borrowerId, sql.placeholder('borrowerId')))
    .orderBy(sql`${orders.appliedAt} DESC`, asc(orders.id))
    .prepare('borrower_order_stamps');

export class OrdersRepository {
  private readonly orderWithLedger: ReturnType<OrdersRepository['prepareOrderWithLedger']>;
  private readonly borrowerStamps: ReturnType<typeof borrowerStampsQuery>;

  constructor(private readonly db: Db) {
    this.orderWithLedger = this.prepareOrderWithLedger();
    this.borrowerStamps = borrowerStampsQuery(db);
  }

  /** The stamps of the borrower's orders, newest first: one prepared statement on the borrower's index. */
  stampsOfBorrower(borrowerId: number): Promise<OrderStamp[]> {
    return this.borrowerStamps.execute({ borrowerId });
  }

  private prepareOrderWithLedger() {
    return withLedgersQuery(this.db, eq(orders.id, sql.placeholder('id'))).prepare('order_with_ledger');
  }

  /** The borrower an order belongs to (its salary, name and phone for offers and agreements). */
  async borrower(id: number, tx: Db = this.db): Promise<Borrower | null> {
    const [row] = await tx.select().from(borrowers).where(eq(borrowers.id, id)).limit(1);
    return row ?? null;
  }

  async findById(id: number, tx: Db = this.db): Promise<Order | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
    return row ?? null;
  }

  /** A new order and its schedule, in the caller's transaction; its due date is the schedule's last. Answers its id. */
  async insertWithSchedule(order: Omit<NewOrder, 'dueDate'>, schedule: readonly PlannedPeriod[], tx: Db): Promise<number> {
    const [row] = await tx
      .insert(orders)
      .values({ ...order, dueDate: schedule.at(-1)?.dueDate ?? null })
      .returning({ id: orders.id });
    const id = row!.id;
    if (schedule.length > 0) await tx.insert(orderPeriods).values(schedule.map((period) => ({ ...period, orderId: id })));
    return id;
  }

  /** Holds the borrower's row until the transaction ends: one loan submit at a time per borrower. */
  async lockBorrower(borrowerId: number, tx: Db): Promise<void> {
    await tx.execute(sql`SELECT id FROM ${borrowers} WHERE ${borrowers.id} = ${borrowerId} FOR UPDATE`);
  }

  /** The borrower's newest order of this product and principal applied for since `since` (a double tap's first order). */
  async recentSameOrder(
    borrowerId: number,
    productId: number,
    principalMinor: number,
    since: Date,
    tx: Db = this.db,
  ): Promise<number | null> {
    const [row] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.borrowerId, borrowerId),
          eq(orders.productId, productId),
          eq(orders.principalMinor, principalMinor),
          gte(orders.appliedAt, since),
        ),
      )
      .orderBy(desc(orders.id))
      .limit(1);
    return row?.id ?? null;
  }

  /** Orders matching `where`, each with its schedule, ledger and product: one statement. */
  private async withLedgers(where: SQL, order: SQL[], tx: Db): Promise<ListedOrder[]> {
    return (await withLedgersQuery(tx, where).orderBy(...order)).map(listedOrderOf);
  }

  /** One order with its schedule and ledger, in one statement (prepared: the repay calls read it on every request). */
  async findWithLedger(id: number, tx?: Db): Promise<ListedOrder | null> {
    const [row] = tx ? await withLedgersQuery(tx, eq(orders.id, id)) : await this.orderWithLedger.execute({ id });
    return row ? listedOrderOf(row) : null;
  }

  /** The borrower's orders, newest first, each with its schedule and ledger, in one statement. */
  async listWithLedgersByBorrower(borrowerId: number, tx: Db = this.db): Promise<ListedOrder[]> {
    return this.withLedgers(eq(orders.borrowerId, borrowerId), [sql`${orders.appliedAt} DESC`, asc(orders.id)], tx);
  }

  async findByOrderNo(orderNo: string, tx: Db = this.db): Promise<Order | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
    return row ?? null;
  }

  /** The order, locked until the transaction ends: postings and repayment commits of one order run one at a time. */
  async lock(id: number, tx: Db): Promise<Order | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
    return row ?? null;
  }

  async periodsOf(orderId: number, tx: Db = this.db): Promise<OrderPeriod[]> {
    return tx.select().from(orderPeriods).where(eq(orderPeriods.orderId, orderId)).orderBy(orderPeriods.periodNo);
  }

  async listByBorrower(borrowerId: number, tx: Db = this.db): Promise<Order[]> {
    return tx.select().from(orders).where(eq(orders.borrowerId, borrowerId)).orderBy(sql`${orders.appliedAt} DESC`, orders.id);
  }

  /** Two reads for any number of orders: their periods, and their ledger rows in time order. */
  async ledgersOf(ids: readonly number[], tx: Db = this.db): Promise<Map<number, OrderLedger>> {
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
  }

  /**
   * Development only (`POST /dev/orders/:id/age`): moves an order's whole timeline `days` into the
   * past — what the clock moving forward does to this one order, without moving it for anyone else.
   */
  async shiftTimelineBack(orderId: number, days: number, tx: Db = this.db): Promise<void> {
    const interval = sql`make_interval(days => ${days}::integer)`;
    await tx
      .update(orders)
      .set({
        appliedAt: sql`${orders.appliedAt} - ${interval}`,
        decidedAt: sql`${orders.decidedAt} - ${interval}`,
        disbursedAt: sql`${orders.disbursedAt} - ${interval}`,
        dueDate: sql`${orders.dueDate} - ${days}::integer`,
        closedOn: sql`${orders.closedOn} - ${days}::integer`,
      })
      .where(eq(orders.id, orderId));
    await tx
      .update(orderPeriods)
      .set({ dueDate: sql`${orderPeriods.dueDate} - ${days}::integer` })
      .where(eq(orderPeriods.orderId, orderId));
    // its payouts' times too: a queued one is due as it would be by then, a landed one landed that much earlier
    await tx
      .update(payouts)
      .set({
        nextTryAt: sql`${payouts.nextTryAt} - ${interval}`,
        createdAt: sql`${payouts.createdAt} - ${interval}`,
        processedOn: sql`${payouts.processedOn} - ${days}::integer`,
        reversedOn: sql`${payouts.reversedOn} - ${days}::integer`,
      })
      .where(eq(payouts.orderId, orderId));
    // penalty keys name their day: moved in two steps so no key meets its neighbour's old one
    await tx
      .update(ledgerEntries)
      .set({
        businessDate: sql`${ledgerEntries.businessDate} - ${days}::integer`,
        idempotencyKey: sql`CASE WHEN ${ledgerEntries.kind} = 'penalty' THEN 'moving:' || ${ledgerEntries.id} ELSE ${ledgerEntries.idempotencyKey} END`,
      })
      .where(eq(ledgerEntries.orderId, orderId));
    await tx
      .update(ledgerEntries)
      .set({ idempotencyKey: sql`'penalty:' || ${ledgerEntries.orderId} || ':' || ${ledgerEntries.businessDate}` })
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'penalty')));
  }

  /** Records the business date an order was paid off, or clears it when an order owes again. */
  /** Moves these periods' due dates `days` later (an extension); the order's due date stays its last period's. */
  async shiftDueDates(orderId: number, periodNos: readonly number[], days: number, tx: Db): Promise<void> {
    await tx
      .update(orderPeriods)
      .set({ dueDate: sql`${orderPeriods.dueDate} + ${days}::integer` })
      .where(and(eq(orderPeriods.orderId, orderId), inArray(orderPeriods.periodNo, [...periodNos])));
    await tx
      .update(orders)
      .set({ dueDate: sql`(SELECT max(${orderPeriods.dueDate}) FROM ${orderPeriods} WHERE ${orderPeriods.orderId} = ${orderId})` })
      .where(eq(orders.id, orderId));
  }

  async setClosedOn(orderId: number, closedOn: string | null, tx: Db = this.db): Promise<void> {
    await tx.update(orders).set({ closedOn }).where(eq(orders.id, orderId));
  }
}
