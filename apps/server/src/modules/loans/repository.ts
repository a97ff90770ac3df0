/** The loans module's own reads and writes: loan details' one read, ratings and loan-page events. */
import type { Market } from '@kilat/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { loanEvents, orderRuleResults, orderScores, orders, type PayoutRowStatus, products } from '../../db/schema.js';
import type { RuleResult } from '../../lending/decision.js';
import { ledgerColumns, orderLedgerOf } from '../ledger/repository.js';
import type { OrderWithLedger } from '../orders/repository.js';

/** The order's latest payout attempt as loan details shows it (issue 28). */
export interface LatestPayout {
  status: PayoutRowStatus;
  failureCode: string | null;
  last4: string;
  utr: string | null;
  processedOn: string | null;
  amountMinor: number;
}

type PayoutTuple = [PayoutRowStatus, string | null, string, string | null, string | null, number];

export interface LoanDetailsRow extends OrderWithLedger {
  productName: string;
  productLogo: string;
  rated: boolean;
  payout: LatestPayout | null;
}

/**
 * Everything loan details reads, in one statement (decision 101): the order, its schedule and
 * ledger, its product's name and logo, and whether it is rated. Prepared once per database, so
 * a request neither builds the SQL nor has it parsed and planned again.
 */
const loanDetailsQuery = (db: Db) =>
  db
    .select({
      order: orders,
      ...ledgerColumns,
      productName: sql<string>`coalesce(${products.name}, '')`,
      productLogo: sql<string>`coalesce(${products.logoUrl}, '')`,
      rated: sql<boolean>`EXISTS (SELECT 1 FROM ${orderScores} WHERE ${orderScores.orderId} = ${orders.id})`,
      payout: sql<PayoutTuple | null>`(SELECT json_build_array(p.status, p.failure_code, a.last4, p.utr, p.processed_on, p.amount_minor) FROM payouts p JOIN disbursal_accounts a ON a.id = p.disbursal_account_id WHERE p.order_id = ${orders.id} ORDER BY p.attempt DESC LIMIT 1)`,
    })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('loan_details');

/** What loan details checks before anything else (decision 115): whose order it is, of which product, and the stamp of its kept view. */
export interface LoanDetailsStamp {
  borrowerId: number;
  productId: number;
  market: Market;
  revision: number;
  productName: string;
  productLogo: string;
}

/** One indexed row: the order's owner, product and revision (moved by every change, migration 0016), and its product's name and logo. */
const loanDetailsStampQuery = (db: Db) =>
  db
    .select({
      borrowerId: orders.borrowerId,
      productId: orders.productId,
      market: orders.market,
      revision: orders.revision,
      productName: sql<string>`coalesce(${products.name}, '')`,
      productLogo: sql<string>`coalesce(${products.logoUrl}, '')`,
    })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('loan_details_stamp');

const latestPayoutOf = (tuple: PayoutTuple | null): LatestPayout | null => {
  if (!tuple) return null;
  const [status, failureCode, last4, utr, processedOn, amountMinor] = tuple;
  return { status, failureCode, last4, utr, processedOn, amountMinor: Number(amountMinor) };
};

export class LoansRepository {
  private readonly loanDetails: ReturnType<typeof loanDetailsQuery>;
  private readonly loanDetailsStamp: ReturnType<typeof loanDetailsStampQuery>;

  constructor(readonly db: Db) {
    this.loanDetails = loanDetailsQuery(db);
    this.loanDetailsStamp = loanDetailsStampQuery(db);
  }

  async stampOf(orderId: number): Promise<LoanDetailsStamp | null> {
    const [row] = await this.loanDetailsStamp.execute({ id: orderId });
    return row ?? null;
  }

  async detailsOf(orderId: number): Promise<LoanDetailsRow | null> {
    const [row] = await this.loanDetails.execute({ id: orderId });
    if (!row) return null;
    const { order, schedule, ledgerRows, payout, ...rest } = row;
    return { order, ledger: orderLedgerOf(order.id, schedule, ledgerRows), payout: latestPayoutOf(payout), ...rest };
  }

  async hasScore(orderId: number, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx.select({ orderId: orderScores.orderId }).from(orderScores).where(eq(orderScores.orderId, orderId)).limit(1);
    return row !== undefined;
  }

  /** Stores the rating once: false when the order already has one. */
  async insertScore(orderId: number, borrowerId: number, score: number, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .insert(orderScores)
      .values({ orderId, borrowerId, score })
      .onConflictDoNothing({ target: orderScores.orderId })
      .returning({ orderId: orderScores.orderId });
    return rows.length > 0;
  }

  async insertEvent(event: typeof loanEvents.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(loanEvents).values(event);
  }

  async eventsOf(borrowerId: number, kind: 'event' | 'recommended_tap', tx: Db = this.db) {
    return tx
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.borrowerId, borrowerId), eq(loanEvents.kind, kind)))
      .orderBy(loanEvents.id);
  }
}

/** The decision's own reads and writes (issue 29, decision 148), in the submit's transaction. */
export const decisionStore = {
  async saveResults(tx: Db, orderId: number, results: readonly RuleResult[], decidedAt: Date): Promise<void> {
    if (results.length === 0) return;
    await tx
      .insert(orderRuleResults)
      .values(results.map((result) => ({ orderId, rule: result.rule, outcome: result.outcome, detail: result.detail, decidedAt })));
  },

  resultsOf(db: Db, orderId: number) {
    return db.select().from(orderRuleResults).where(eq(orderRuleResults.orderId, orderId)).orderBy(orderRuleResults.rule);
  },
};
