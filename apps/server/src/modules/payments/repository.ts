/**
 * The payments module's reads and writes: payments and the gateway's webhook events, and a card
 * payment's life after the commit's one way in (opened the long way, its card switched, moved on,
 * its token spent). Each takes a transaction; each statement that decides a race is one
 * conditional statement, and says what it guarantees.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type PreparedSql, prepareSql } from '../../db/prepared-sql.js';
import {
  type Payment,
  type PaymentMethod,
  type PaymentPurpose,
  type PaymentStatus,
  payments,
  repayTokens,
  webhookEvents,
} from '../../db/schema.js';
import { firstCodeSql, firstCodeValues, type NewRepaymentCode } from '../otp/repayment-codes.js';
import type { WebhookEvent } from './ports.js';

/** A payment still taking money: handed to the gateway (or about to be), not paid, failed or expired. */
export const OPEN_STATUSES: readonly PaymentStatus[] = ['created', 'awaiting_code', 'submitted'];

export type NewPaymentRow = typeof payments.$inferInsert;

/** The outbox's claimed INSERT of one SMS for each row of a WITH part (`SmsProvider.claimedInsertFrom`). */
export type SmsInsertFrom = (rows: SQL) => SQL;

const value = (name: string) => sql.placeholder(name);

/** The columns a card payment opened with its first code is written with (here, and by the commit's first statement in cards/repository.ts). */
export const insertCardPayment = sql`INSERT INTO ${payments} (public_id, borrower_id, order_id, market, purpose, method, amount_minor, status, gateway, card_id, repay_token_hash, extension_shift_days, created_at, updated_at)`;

/** A card payment's first code (the otp module's) and the code's SMS, written after the WITH part `payment` (its new row's id). */
export const withFirstCode = (smsFrom: SmsInsertFrom) =>
  sql`${firstCodeSql()}, message AS (${smsFrom(sql`payment`)})
      SELECT id AS "messageId" FROM message`;

/**
 * `openWithCode`'s statement, prepared once per database. Guarantees: the payment, its first code
 * and the code's SMS are written together or not at all, and nobody sees the payment before its
 * code exists (one statement is atomic without BEGIN and COMMIT, decision 116); a second payment
 * of the same token fails on the token's unique payment and writes nothing.
 */
const openWithCodeStatement = (db: Db, smsFrom: SmsInsertFrom) =>
  prepareSql<{ messageId: number | string }>(
    db,
    'open_payment_with_code',
    sql`WITH payment AS (
        ${insertCardPayment}
        VALUES (${value('publicId')}, ${value('borrowerId')}, ${value('orderId')}, ${value('market')}, ${value('purpose')}, ${value('method')},
          ${value('amountMinor')}, 'awaiting_code', ${value('gateway')}, ${value('cardId')}, ${value('repayTokenHash')},
          ${value('extensionShiftDays')}, ${value('now')}::timestamptz, ${value('now')}::timestamptz)
        RETURNING id
      ), ${withFirstCode(smsFrom)}`,
  );

export class PaymentsRepository {
  private readonly openWithCodeQuery: PreparedSql<{ messageId: number | string }>;

  /** `smsFrom`: the outbox's claimed INSERT, written with a card payment's first code */
  constructor(
    readonly db: Db,
    smsFrom: SmsInsertFrom,
  ) {
    this.openWithCodeQuery = openWithCodeStatement(db, smsFrom);
  }

  async insert(row: NewPaymentRow, tx: Db = this.db): Promise<Payment> {
    const [payment] = await tx.insert(payments).values(row).returning();
    return payment!;
  }

  /**
   * A new card payment of a repay token, opened the long way, with its first code and the code's SMS
   * in one statement (`openWithCodeStatement`); answers the SMS's outbox id. A racing commit that
   * made the token's payment first makes it fail on the token's unique payment, writing nothing.
   */
  async openWithCode(row: NewPaymentRow, code: NewRepaymentCode, sms: Record<string, unknown>): Promise<number> {
    const [written] = await this.openWithCodeQuery.execute({
      ...sms,
      publicId: row.publicId,
      borrowerId: row.borrowerId,
      orderId: row.orderId,
      market: row.market,
      purpose: row.purpose,
      method: row.method,
      amountMinor: row.amountMinor,
      gateway: row.gateway,
      cardId: row.cardId ?? null,
      repayTokenHash: row.repayTokenHash ?? null,
      extensionShiftDays: row.extensionShiftDays ?? null,
      ...firstCodeValues(code),
    });
    return Number(written!.messageId);
  }

  /** The payment a repay token opened (one at most: the token's unique payment). */
  async findByRepayToken(tokenHash: string, tx: Db = this.db): Promise<Payment | null> {
    const [row] = await tx.select().from(payments).where(eq(payments.repayTokenHash, tokenHash)).limit(1);
    return row ?? null;
  }

  /**
   * Moves a payment on from one of `from`; null when another call moved it first. Guarantees: of
   * two calls moving one payment from the same statuses, one wins (the row's lock and its status
   * read again under it).
   */
  async moveStatus(
    paymentId: number,
    from: readonly PaymentStatus[],
    to: PaymentStatus,
    now: Date,
    tx: Db = this.db,
    failureReason?: string,
  ): Promise<Payment | null> {
    const [row] = await tx
      .update(payments)
      .set({ status: to, updatedAt: now, ...(failureReason ? { failureReason } : {}) })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])))
      .returning();
    return row ?? null;
  }

  /** Pays with another of the borrower's cards; null once the payment has left `from` (submitted meanwhile: no card changes under a charge). */
  async switchCard(
    paymentId: number,
    cardId: number,
    from: readonly PaymentStatus[],
    now: Date,
    tx: Db = this.db,
  ): Promise<Payment | null> {
    const [row] = await tx
      .update(payments)
      .set({ cardId, updatedAt: now })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])))
      .returning();
    return row ?? null;
  }

  /** A submitted payment spends its repay token, once: the token's first use stays its use. */
  async spendRepayToken(tokenHash: string, now: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(repayTokens)
      .set({ usedAt: now })
      .where(and(eq(repayTokens.tokenHash, tokenHash), isNull(repayTokens.usedAt)));
  }

  async findByPublicId(publicId: string, tx: Db = this.db): Promise<Payment | null> {
    const [row] = await tx.select().from(payments).where(eq(payments.publicId, publicId)).limit(1);
    return row ?? null;
  }

  /** The payment, locked until the transaction ends: webhook events of one payment apply one at a time. */
  async lockByPublicId(publicId: string, tx: Db): Promise<Payment | null> {
    const [row] = await tx.select().from(payments).where(eq(payments.publicId, publicId)).limit(1).for('update');
    return row ?? null;
  }

  async findByGatewayRef(gateway: string, gatewayRef: string, tx: Db = this.db): Promise<Payment | null> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.gatewayRef, gatewayRef)))
      .limit(1);
    return row ?? null;
  }

  /** An order's open codes for a purpose (virtual accounts, mini-market codes, UPI codes), newest first, locked (issue 51). */
  async openCodesOf(orderId: number, purpose: PaymentPurpose, methods: readonly PaymentMethod[], tx: Db): Promise<Payment[]> {
    return tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.purpose, purpose),
          inArray(payments.method, [...methods]),
          inArray(payments.status, [...OPEN_STATUSES]),
          isNotNull(payments.vcode),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .for('update');
  }

  /** The open virtual account or mini-market code with this number. */
  /** An open code of one gateway (the sandbox pays only its own: a Xendit code is paid at the bank or the till). */
  async findOpenByVcode(vcode: string, now: Date, gateway: string, tx: Db = this.db): Promise<Payment | null> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.vcode, vcode),
          eq(payments.gateway, gateway),
          inArray(payments.status, [...OPEN_STATUSES]),
          gt(payments.expiresAt, now),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row ?? null;
  }

  async listOpenCodes(now: Date, limit: number, gateway: string, tx: Db = this.db): Promise<Payment[]> {
    return tx
      .select()
      .from(payments)
      .where(
        and(
          isNotNull(payments.vcode),
          eq(payments.gateway, gateway),
          inArray(payments.status, [...OPEN_STATUSES]),
          gt(payments.expiresAt, now),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(limit);
  }

  async update(id: number, changes: Partial<NewPaymentRow>, tx: Db = this.db): Promise<Payment> {
    const [row] = await tx
      .update(payments)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(payments.id, id))
      .returning();
    return row!;
  }

  /** Records the gateway's id of a payment once: a webhook may have brought it first. */
  async setGatewayRefIfMissing(id: number, gatewayRef: string, tx: Db = this.db): Promise<void> {
    await tx
      .update(payments)
      .set({ gatewayRef, updatedAt: sql`now()` })
      .where(and(eq(payments.id, id), isNull(payments.gatewayRef)));
  }

  /** Card payments of an order handed to the gateway and not yet settled: money on its way, not yet in the ledger. */
  async inFlightMinor(orderId: number, purpose: PaymentPurpose, exceptPaymentId: number, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ total: sql<string | null>`sum(${payments.amountMinor})` })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.purpose, purpose),
          eq(payments.method, 'card'),
          eq(payments.status, 'submitted'),
          ne(payments.id, exceptPaymentId),
        ),
      );
    return Number(row?.total ?? 0);
  }

  /** Stores an event under its (gateway, id) key: false when that event was taken before (a redelivery). */
  async insertWebhookEvent(gateway: string, event: WebhookEvent, tx: Db): Promise<boolean> {
    const rows = await tx
      .insert(webhookEvents)
      .values({ gateway, eventId: event.id, type: event.type, gatewayRef: event.gatewayRef, payload: { ...event } })
      .onConflictDoNothing({ target: [webhookEvents.gateway, webhookEvents.eventId] })
      .returning({ eventId: webhookEvents.eventId });
    return rows.length > 0;
  }
}
