/** Orders with what their status and balances are replayed from: the schedule and the ledger rows (read as the ledger module says). */
import { and, asc, desc, eq, gte, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type Borrower, borrowers, type Order, type OrderPeriod, orderPeriods, orders, products } from '../../db/schema.js';
import type { PlannedPeriod } from '../../lending/schedule.js';
import { ledgerColumns, ledgersOf, type OrderLedger, orderLedgerOf } from '../ledger/repository.js';

export type NewOrder = typeof orders.$inferInsert;

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

/** A borrower's orders newest first, as my orders and the main screen list them. */
const NEWEST_FIRST = [sql`${orders.appliedAt} DESC`, asc(orders.id)];

export class OrdersRepository {
  private readonly orderWithLedger: ReturnType<OrdersRepository['prepareOrderWithLedger']>;
  private readonly borrowerWithLedgers: ReturnType<OrdersRepository['prepareBorrowerWithLedgers']>;
  private readonly borrowerStamps: ReturnType<typeof borrowerStampsQuery>;

  constructor(private readonly db: Db) {
    this.orderWithLedger = this.prepareOrderWithLedger();
    this.borrowerWithLedgers = this.prepareBorrowerWithLedgers();
    this.borrowerStamps = borrowerStampsQuery(db);
  }

  /** The stamps of the borrower's orders, newest first: one prepared statement on the borrower's index. */
  stampsOfBorrower(borrowerId: number): Promise<OrderStamp[]> {
    return this.borrowerStamps.execute({ borrowerId });
  }

  private prepareOrderWithLedger() {
    return withLedgersQuery(this.db, eq(orders.id, sql.placeholder('id'))).prepare('order_with_ledger');
  }

  private prepareBorrowerWithLedgers() {
    return withLedgersQuery(this.db, eq(orders.borrowerId, sql.placeholder('borrowerId')))
      .orderBy(...NEWEST_FIRST)
      .prepare('borrower_orders_with_ledgers');
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

  /**
   * The principal of the borrower's loans still open (issue 29, decision 147): approved and not closed,
   * cancelled or withdrawn, or waiting for review. What the limit has left is the limit less this.
   */
  async openPrincipalMinor(borrowerId: number, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${orders.principalMinor}), 0)` })
      .from(orders)
      .where(
        and(
          eq(orders.borrowerId, borrowerId),
          isNull(orders.closedOn),
          isNull(orders.cancelledAt),
          isNull(orders.withdrawnAt),
          or(eq(orders.decision, 'approved'), and(isNull(orders.decision), isNotNull(orders.reviewDueAt))),
        ),
      );
    return Number(row?.total ?? 0);
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

  /** One order with its schedule and ledger, in one statement (prepared: the repay calls read it on every request). */
  async findWithLedger(id: number, tx?: Db): Promise<ListedOrder | null> {
    const [row] = tx ? await withLedgersQuery(tx, eq(orders.id, id)) : await this.orderWithLedger.execute({ id });
    return row ? listedOrderOf(row) : null;
  }

  /**
   * The borrower's orders, newest first, each with its schedule and ledger, in one statement (prepared
   * outside a transaction: my orders reads it on every request, and building it cost more than reading it).
   */
  async listWithLedgersByBorrower(borrowerId: number, tx?: Db): Promise<ListedOrder[]> {
    const rows = tx
      ? await withLedgersQuery(tx, eq(orders.borrowerId, borrowerId)).orderBy(...NEWEST_FIRST)
      : await this.borrowerWithLedgers.execute({ borrowerId });
    return rows.map(listedOrderOf);
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

  /** Two reads for any number of orders: their periods, and their ledger rows in time order (the ledger module's). */
  ledgersOf(ids: readonly number[], tx: Db = this.db): Promise<Map<number, OrderLedger>> {
    return ledgersOf(tx, ids);
  }
}
