/** Orders with the facts their status is derived from: the schedule and the ledger totals. */
import { and, eq, inArray, max, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type LedgerKind, ledgerEntries, type Order, type OrderPeriod, orderPeriods, orders } from '../../db/schema.js';
import type { OrderFacts } from '../../lending/order-status.js';

export class OrdersRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number, tx: Db = this.db): Promise<Order | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
    return row ?? null;
  }

  async periodsOf(orderId: number, tx: Db = this.db): Promise<OrderPeriod[]> {
    return tx.select().from(orderPeriods).where(eq(orderPeriods.orderId, orderId)).orderBy(orderPeriods.periodNo);
  }

  /** Ledger totals of one order by kind, in minor units. */
  async ledgerTotals(orderId: number, tx: Db = this.db): Promise<Record<LedgerKind, number>> {
    const rows = await tx
      .select({ kind: ledgerEntries.kind, total: sum(ledgerEntries.amountMinor) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId))
      .groupBy(ledgerEntries.kind);
    const totals: Record<LedgerKind, number> = { disbursement: 0, repayment: 0, penalty: 0, extension_fee: 0 };
    for (const row of rows) totals[row.kind] = Number(row.total ?? 0);
    return totals;
  }

  async listByBorrower(borrowerId: number, tx: Db = this.db): Promise<Order[]> {
    return tx.select().from(orders).where(eq(orders.borrowerId, borrowerId)).orderBy(sql`${orders.appliedAt} DESC`, orders.id);
  }

  /**
   * Two reads for any number of orders: their periods, and their ledger totals by kind. The
   * underwriting writes its decision and disbursal times ahead (DESIGN §5): they count once `now` reaches them.
   */
  async factsOf(list: readonly Order[], now: Date, tx: Db = this.db): Promise<Map<number, OrderFacts>> {
    const ids = list.map((order) => order.id);
    const facts = new Map<number, OrderFacts>();
    const reached = (instant: Date | null) => instant !== null && instant.getTime() <= now.getTime();
    for (const order of list) {
      facts.set(order.id, {
        decision: reached(order.decidedAt) ? order.decision : null,
        disbursed: reached(order.disbursedAt),
        periods: [],
        penaltiesMinor: 0,
        repaidMinor: 0,
        extensions: 0,
        lastRepaymentOn: null,
      });
    }
    if (ids.length === 0) return facts;
    const [periods, totals] = await Promise.all([
      tx
        .select({
          orderId: orderPeriods.orderId,
          dueDate: orderPeriods.dueDate,
          amountMinor: sql<string>`${orderPeriods.principalMinor} + ${orderPeriods.interestMinor} + ${orderPeriods.feeMinor}`,
        })
        .from(orderPeriods)
        .where(inArray(orderPeriods.orderId, ids))
        .orderBy(orderPeriods.orderId, orderPeriods.periodNo),
      tx
        .select({
          orderId: ledgerEntries.orderId,
          kind: ledgerEntries.kind,
          total: sum(ledgerEntries.amountMinor),
          count: sql<string>`count(*)`,
          lastOn: max(ledgerEntries.businessDate),
        })
        .from(ledgerEntries)
        .where(and(inArray(ledgerEntries.orderId, ids)))
        .groupBy(ledgerEntries.orderId, ledgerEntries.kind),
    ]);
    for (const period of periods) {
      const order = facts.get(period.orderId);
      if (order) order.periods = [...order.periods, { dueDate: period.dueDate, amountMinor: Number(period.amountMinor) }];
    }
    for (const row of totals) {
      const order = facts.get(row.orderId);
      if (!order) continue;
      const kind: LedgerKind = row.kind;
      if (kind === 'penalty') order.penaltiesMinor = Number(row.total ?? 0);
      if (kind === 'repayment') {
        order.repaidMinor = Number(row.total ?? 0);
        order.lastRepaymentOn = row.lastOn ?? null;
      }
      if (kind === 'extension_fee') order.extensions = Number(row.count);
    }
    return facts;
  }
}
