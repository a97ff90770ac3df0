/** The payments module's reads and writes: payments and the gateway's webhook events. Each takes a transaction. */
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type Payment, type PaymentMethod, type PaymentPurpose, type PaymentStatus, payments, webhookEvents } from '../../db/schema.js';
import type { WebhookEvent } from './ports.js';

/** A payment still taking money: handed to the gateway (or about to be), not paid, failed or expired. */
export const OPEN_STATUSES: readonly PaymentStatus[] = ['created', 'awaiting_code', 'submitted'];

export type NewPaymentRow = typeof payments.$inferInsert;

export class PaymentsRepository {
  constructor(readonly db: Db) {}

  async insert(row: NewPaymentRow, tx: Db = this.db): Promise<Payment> {
    const [payment] = await tx.insert(payments).values(row).returning();
    return payment!;
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

  /** An open, unexpired code of the same order, purpose, method, bank or market and amount: reopening the page shows it again. */
  async findReusableCode(
    input: { orderId: number; purpose: PaymentPurpose; method: PaymentMethod; payCode: string; amountMinor: number; now: Date },
    tx: Db = this.db,
  ): Promise<Payment | null> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, input.orderId),
          eq(payments.purpose, input.purpose),
          eq(payments.method, input.method),
          eq(payments.payCode, input.payCode),
          eq(payments.amountMinor, input.amountMinor),
          inArray(payments.status, [...OPEN_STATUSES]),
          isNotNull(payments.vcode),
          gt(payments.expiresAt, input.now),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row ?? null;
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
