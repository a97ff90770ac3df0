/** The repayment history's reads: the borrower's paid payments with the ledger row each one posted, its order and product. */
import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { bankCards, ledgerEntries, orders, type Payment, payments, products } from '../../db/schema.js';
import { couponKey, paymentKeySql } from '../ledger/repository.js';

/** A paid payment as its record and receipt need it: `ledgerId` is the row the replay allocated. */
export interface PaidPayment {
  payment: Payment;
  ledgerId: number;
  orderNo: string;
  productId: number;
  productName: string;
  card: { bankName: string; last4: string } | null;
}

/**
 * A repayment an operator recorded against the bank's reference (decision 163): no gateway payment,
 * only its ledger row (`offline-repayment:<order>:<REFERENCE>`), which is the money repaid.
 */
export interface OfflineRepayment {
  ledgerId: number;
  orderId: number;
  market: Payment['market'];
  amountMinor: number;
  bankReference: string;
  /** when Kilat applied it (the row's `recordedAt`, else when it was written) */
  recordedAt: Date;
  /** its value date: the day the bank received it, the day the replay applies it on (decision 231) */
  receivedOn: string;
  orderNo: string;
  productId: number;
  productName: string;
}

/** An offline repayment's public id in the history and its receipt link: 'OF' and its ledger row's id. */
export const offlineRepaymentId = (ledgerId: number) => `OF${ledgerId}`;
export const offlineLedgerIdOf = (paymentId: string): number | null =>
  /^OF[1-9]\d{0,15}$/.test(paymentId) ? Number(paymentId.slice(2)) : null;

/** A repayment reversed by operators (decision 233) is no longer money repaid: its row and its reversal leave the history. */
const notReversed = sql`NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.order_id = ${ledgerEntries.orderId} AND r.kind = 'reversal' AND (r.meta ->> 'reverses')::bigint = ${ledgerEntries.id})`;

export class RepaymentHistoryRepository {
  constructor(private readonly db: Db) {}

  /** What the coupon a paid payment used took off (issue 50): the ledger's coupon_discount row of that payment, 0 when none. */
  async couponMoneyOf(orderId: number, publicId: string): Promise<number> {
    const [row] = await this.db
      .select({ amountMinor: ledgerEntries.amountMinor })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.idempotencyKey, couponKey(publicId))));
    return row?.amountMinor ?? 0;
  }

  /**
   * The borrower's paid payments, newest first, optionally of one order. Only payments whose ledger
   * row was posted (the key posting writes, `payment:<public id>`) are money repaid.
   */
  async listPaid(borrowerId: number, filter: { orderId?: number; publicId?: string } = {}): Promise<PaidPayment[]> {
    const rows = await this.db
      .select({
        payment: payments,
        ledgerId: ledgerEntries.id,
        orderNo: orders.orderNo,
        productId: orders.productId,
        productName: sql<string>`coalesce(${products.name}, '')`,
        cardBank: bankCards.bankName,
        cardLast4: bankCards.last4,
      })
      .from(payments)
      .innerJoin(orders, and(eq(orders.id, payments.orderId), eq(orders.borrowerId, payments.borrowerId)))
      .innerJoin(
        ledgerEntries,
        and(eq(ledgerEntries.orderId, payments.orderId), eq(ledgerEntries.idempotencyKey, paymentKeySql(payments.publicId))),
      )
      .leftJoin(products, eq(products.id, orders.productId))
      .leftJoin(bankCards, and(eq(bankCards.id, payments.cardId), eq(bankCards.borrowerId, payments.borrowerId)))
      .where(
        and(
          eq(payments.borrowerId, borrowerId),
          eq(payments.status, 'paid'),
          notReversed,
          filter.orderId === undefined ? undefined : eq(payments.orderId, filter.orderId),
          filter.publicId === undefined ? undefined : eq(payments.publicId, filter.publicId),
        ),
      )
      .orderBy(desc(payments.paidAt), desc(payments.id));
    return rows.map(({ cardBank, cardLast4, ...row }) => ({
      ...row,
      card: cardBank !== null && cardLast4 !== null ? { bankName: cardBank, last4: cardLast4 } : null,
    }));
  }

  /** The borrower's offline repayments (their orders' ledger rows of that key), optionally of one order or one row. */
  async listOffline(borrowerId: number, filter: { orderId?: number; ledgerId?: number } = {}): Promise<OfflineRepayment[]> {
    const rows = await this.db
      .select({
        entry: ledgerEntries,
        market: orders.market,
        orderNo: orders.orderNo,
        productId: orders.productId,
        productName: sql<string>`coalesce(${products.name}, '')`,
      })
      .from(ledgerEntries)
      .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
      .leftJoin(products, eq(products.id, orders.productId))
      .where(
        and(
          eq(orders.borrowerId, borrowerId),
          eq(ledgerEntries.kind, 'repayment'),
          like(ledgerEntries.idempotencyKey, 'offline-repayment:%'),
          notReversed,
          filter.orderId === undefined ? undefined : eq(ledgerEntries.orderId, filter.orderId),
          filter.ledgerId === undefined ? undefined : eq(ledgerEntries.id, filter.ledgerId),
        ),
      )
      .orderBy(desc(ledgerEntries.id));
    return rows.map(({ entry, ...row }) => {
      const meta = entry.meta as { bankReference?: string; recordedAt?: string; receivedOn?: string };
      const recordedAt = meta.recordedAt ? new Date(meta.recordedAt) : entry.createdAt;
      return {
        ...row,
        ledgerId: entry.id,
        orderId: entry.orderId,
        amountMinor: entry.amountMinor,
        bankReference: meta.bankReference ?? '',
        receivedOn: meta.receivedOn ?? entry.businessDate,
        recordedAt: Number.isNaN(recordedAt.getTime()) ? entry.createdAt : recordedAt,
      };
    });
  }
}
