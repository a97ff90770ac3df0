/** The repayment history's reads: the borrower's paid payments with the ledger row each one posted, its order and product. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { bankCards, ledgerEntries, orders, type Payment, payments, products } from '../../db/schema.js';
import { paymentKeySql } from '../ledger/repository.js';

/** A paid payment as its record and receipt need it: `ledgerId` is the row the replay allocated. */
export interface PaidPayment {
  payment: Payment;
  ledgerId: number;
  orderNo: string;
  productId: number;
  productName: string;
  card: { bankName: string; last4: string } | null;
}

export class RepaymentHistoryRepository {
  constructor(private readonly db: Db) {}

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
}
