/**
 * Bound cards, repay tokens and card payments (their SMS codes are the otp module's,
 * repayment-codes.ts). Every method takes an optional transaction; the ones that decide a race
 * are single conditional statements.
 */
import type { Market } from '@kilat/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { type PreparedSql, prepareSql } from '../../db/prepared-sql.js';
import {
  type BankCardRow,
  bankCards,
  type Order,
  orders,
  type Payment,
  type PaymentStatus,
  payments,
  type RepayToken,
  repayTokens,
} from '../../db/schema.js';
import { ledgerColumns, type OrderLedger, orderLedgerOf } from '../ledger/repository.js';
import { firstCodeSql, firstCodeValues, type NewRepaymentCode } from '../otp/repayment-codes.js';
import type { NewPaymentRow } from '../payments/repository.js';

/** What a repayment commit reads (`commitReads`). */
export interface CommitReads {
  order: Order;
  ledger: OrderLedger;
  token: RepayToken | null;
  payment: Payment | null;
  card: BankCardRow | null;
}

/** A first commit's payment as the page asks for it, the rest to come from its token (`openPaymentOnCheckedToken`). */
export interface CheckedTokenPayment {
  publicId: string;
  borrowerId: number;
  orderId: number;
  market: Market;
  gateway: string;
  cardId: number;
  repayTokenHash: string;
  amountMinor: number;
  /** the business date now: the token's must be the same */
  today: string;
}

/** The statements of every repayment way and commit, prepared once per database: a request neither builds their SQL nor has it planned again. */
const preparedReads = (db: Db) => ({
  borrowersCard: db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, sql.placeholder('cardId')), eq(bankCards.borrowerId, sql.placeholder('borrowerId'))))
    .limit(1)
    .prepare('borrowers_card'),
  tokenAndCards: db
    .with(
      db.$with('token', {}).as(
        sql`INSERT INTO ${repayTokens} (token_hash, borrower_id, order_id, purpose, amount_minor, expires_at, created_at, order_revision, checked_on, extension_shift_days)
          VALUES (${sql.placeholder('tokenHash')}, ${sql.placeholder('borrowerId')}, ${sql.placeholder('orderId')}, ${sql.placeholder('purpose')},
            ${sql.placeholder('amountMinor')}, ${sql.placeholder('expiresAt')}::timestamptz, ${sql.placeholder('createdAt')}::timestamptz,
            ${sql.placeholder('orderRevision')}, ${sql.placeholder('checkedOn')}::date, ${sql.placeholder('extensionShiftDays')})`,
      ),
    )
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.borrowerId, sql.placeholder('borrowerId')), eq(bankCards.market, sql.placeholder('market'))))
    .orderBy(asc(bankCards.id))
    .prepare('repay_token_and_cards'),
  commitReads: db
    .select({
      order: orders,
      ...ledgerColumns,
      token: repayTokens,
      payment: payments,
      card: bankCards,
    })
    .from(orders)
    .leftJoin(repayTokens, eq(repayTokens.tokenHash, sql.placeholder('tokenHash')))
    .leftJoin(payments, eq(payments.repayTokenHash, repayTokens.tokenHash))
    .leftJoin(bankCards, and(eq(bankCards.id, sql.placeholder('cardId')), eq(bankCards.borrowerId, sql.placeholder('borrowerId'))))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1)
    .prepare('repayment_commit_reads'),
});

/** The outbox's claimed INSERT of one SMS for each row of a WITH part (`SmsProvider.claimedInsertFrom`). */
export type SmsInsertFrom = (rows: SQL) => SQL;

const value = (name: string) => sql.placeholder(name);

/** The columns a card payment opened with its first code is written with, by either statement below. */
const insertPayment = sql`INSERT INTO ${payments} (public_id, borrower_id, order_id, market, purpose, method, amount_minor, status, gateway, card_id, repay_token_hash, extension_shift_days, created_at, updated_at)`;

/** A card payment's first code (the otp module's) and the code's SMS, written after the WITH part `payment` (its new row's id). */
const withFirstCode = (smsFrom: SmsInsertFrom) =>
  sql`${firstCodeSql()}, message AS (${smsFrom(sql`payment`)})
      SELECT id AS "messageId" FROM message`;

/** `openPaymentWithCode`'s statement, prepared once per database. */
const openWithCodeStatement = (db: Db, smsFrom: SmsInsertFrom) =>
  prepareSql<{ messageId: number | string }>(
    db,
    'open_payment_with_code',
    sql`WITH payment AS (
        ${insertPayment}
        VALUES (${value('publicId')}, ${value('borrowerId')}, ${value('orderId')}, ${value('market')}, ${value('purpose')}, ${value('method')},
          ${value('amountMinor')}, 'awaiting_code', ${value('gateway')}, ${value('cardId')}, ${value('repayTokenHash')},
          ${value('extensionShiftDays')}, ${value('now')}::timestamptz, ${value('now')}::timestamptz)
        RETURNING id
      ), ${withFirstCode(smsFrom)}`,
  );

/**
 * `openPaymentOnCheckedToken`'s statement (decision 119), prepared once per database: the payment
 * is written only when every check a first commit makes still holds. The token is the borrower's,
 * of this order, unexpired, unused, for this amount, with no payment yet; the order's revision and
 * the business date are those the token's amount was checked on (so the order's state is too);
 * the card is the borrower's, of the order's market and gateway, and asks for a code.
 */
const openOnCheckedTokenStatement = (db: Db, smsFrom: SmsInsertFrom) =>
  prepareSql<{ messageId: number | string }>(
    db,
    'open_payment_on_checked_token',
    sql`WITH checked AS (
        SELECT t.order_id, t.purpose, t.extension_shift_days
        FROM ${repayTokens} t
        JOIN ${orders} o ON o.id = t.order_id AND o.borrower_id = t.borrower_id AND o.revision = t.order_revision AND o.market = ${value('market')}::text
        JOIN ${bankCards} c ON c.id = ${value('cardId')}::bigint AND c.borrower_id = t.borrower_id AND c.market = o.market
          AND c.gateway = ${value('gateway')}::text AND c.requires_otp
        WHERE t.token_hash = ${value('repayTokenHash')}::text AND t.borrower_id = ${value('borrowerId')}::bigint
          AND t.order_id = ${value('orderId')}::bigint AND t.amount_minor = ${value('amountMinor')}::bigint
          AND t.expires_at > ${value('now')}::timestamptz AND t.used_at IS NULL AND t.checked_on = ${value('today')}::date
          AND NOT EXISTS (SELECT 1 FROM ${payments} p WHERE p.repay_token_hash = t.token_hash)
      ), payment AS (
        ${insertPayment}
        SELECT ${value('publicId')}::text, ${value('borrowerId')}::bigint, order_id, ${value('market')}::text, purpose, 'card',
          ${value('amountMinor')}::bigint, 'awaiting_code', ${value('gateway')}::text, ${value('cardId')}::bigint, ${value('repayTokenHash')}::text,
          extension_shift_days, ${value('now')}::timestamptz, ${value('now')}::timestamptz
        FROM checked
        RETURNING id
      ), ${withFirstCode(smsFrom)}`,
  );

export class CardsRepository {
  private readonly borrowersCard: ReturnType<typeof preparedReads>['borrowersCard'];
  private readonly commitReadsQuery: ReturnType<typeof preparedReads>['commitReads'];
  private readonly tokenAndCards: ReturnType<typeof preparedReads>['tokenAndCards'];
  private readonly openWithCode: PreparedSql<{ messageId: number | string }>;
  private readonly openOnCheckedToken: PreparedSql<{ messageId: number | string }>;

  /** `smsFrom`: the outbox's claimed INSERT, written with a payment's first code */
  constructor(
    readonly db: Db,
    smsFrom: SmsInsertFrom,
  ) {
    ({ borrowersCard: this.borrowersCard, commitReads: this.commitReadsQuery, tokenAndCards: this.tokenAndCards } = preparedReads(db));
    this.openWithCode = openWithCodeStatement(db, smsFrom);
    this.openOnCheckedToken = openOnCheckedTokenStatement(db, smsFrom);
  }

  /** The borrower's card, or null: another borrower's card is not told apart from a missing one. */
  async findCard(borrowerId: number, cardId: number): Promise<BankCardRow | null> {
    const [row] = await this.borrowersCard.execute({ cardId, borrowerId });
    return row ?? null;
  }

  async findCardByFingerprint(borrowerId: number, fingerprint: string, tx: Db = this.db): Promise<BankCardRow | null> {
    const [row] = await tx
      .select()
      .from(bankCards)
      .where(and(eq(bankCards.borrowerId, borrowerId), eq(bankCards.fingerprint, fingerprint)))
      .limit(1);
    return row ?? null;
  }

  /**
   * The card fingerprinted with a key rotated out takes the current key's fingerprint (decision
   * 130), so it is still recognised once the old key stops being accepted; false when the
   * borrower's card with the new fingerprint exists already (bound meanwhile).
   */
  async rekeyCard(cardId: number, fingerprint: string, tx: Db = this.db): Promise<boolean> {
    try {
      await tx.update(bankCards).set({ fingerprint }).where(eq(bankCards.id, cardId));
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Null when the borrower bound the same card at the same instant (the unique fingerprint). */
  async insertCard(card: typeof bankCards.$inferInsert, tx: Db = this.db): Promise<BankCardRow | null> {
    const [row] = await tx
      .insert(bankCards)
      .values(card)
      .onConflictDoNothing({ target: [bankCards.borrowerId, bankCards.fingerprint] })
      .returning();
    return row ?? null;
  }

  /**
   * A new card payment awaiting its first code, with the code and the code's SMS (`sms`, the
   * outbox's INSERT), in one statement (decision 116): atomic without BEGIN and COMMIT, one round
   * trip, and nobody sees the payment before its code exists. A racing commit that made the
   * token's payment first makes it fail on the token's unique payment. Answers the SMS's outbox id.
   */
  async openPaymentWithCode(payment: NewPaymentRow, code: NewRepaymentCode, sms: Record<string, unknown>): Promise<number> {
    const [written] = await this.openWithCode.execute({
      ...sms,
      publicId: payment.publicId,
      borrowerId: payment.borrowerId,
      orderId: payment.orderId,
      market: payment.market,
      purpose: payment.purpose,
      method: payment.method,
      amountMinor: payment.amountMinor,
      gateway: payment.gateway,
      cardId: payment.cardId ?? null,
      repayTokenHash: payment.repayTokenHash ?? null,
      extensionShiftDays: payment.extensionShiftDays ?? null,
      ...firstCodeValues(code),
    });
    return Number(written!.messageId);
  }

  /**
   * openPaymentWithCode for a first commit whose token was checked on the order's state as it still
   * is (decision 119): the checks are the statement's, so the order is not read. Answers the SMS's
   * outbox id, or null when a check fails and nothing was written (the caller then reads the order
   * and checks the long way). A racing commit that made the token's payment first makes it fail on
   * the token's unique payment.
   */
  async openPaymentOnCheckedToken(
    payment: CheckedTokenPayment,
    code: NewRepaymentCode,
    sms: Record<string, unknown>,
  ): Promise<number | null> {
    const [written] = await this.openOnCheckedToken.execute({
      ...sms,
      ...payment,
      ...firstCodeValues(code),
    });
    return written ? Number(written.messageId) : null;
  }

  /**
   * Writes a repay token and reads the borrower's cards of the market, oldest first, in one
   * prepared statement (decision 117): the token's INSERT is a data-modifying WITH part.
   */
  async issueTokenReadingCards(token: typeof repayTokens.$inferInsert & { createdAt: Date }, market: Market): Promise<BankCardRow[]> {
    return this.tokenAndCards.execute({
      tokenHash: token.tokenHash,
      borrowerId: token.borrowerId,
      orderId: token.orderId,
      purpose: token.purpose,
      amountMinor: token.amountMinor,
      expiresAt: token.expiresAt.toISOString(),
      createdAt: token.createdAt.toISOString(),
      orderRevision: token.orderRevision ?? null,
      checkedOn: token.checkedOn ?? null,
      extensionShiftDays: token.extensionShiftDays ?? null,
      market,
    });
  }

  async findToken(tokenHash: string, tx: Db = this.db): Promise<RepayToken | null> {
    const [row] = await tx.select().from(repayTokens).where(eq(repayTokens.tokenHash, tokenHash)).limit(1);
    return row ?? null;
  }

  async markTokenUsed(tokenHash: string, now: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(repayTokens)
      .set({ usedAt: now })
      .where(and(eq(repayTokens.tokenHash, tokenHash), isNull(repayTokens.usedAt)));
  }

  /**
   * The one way into a repayment commit. When the page names a card, first the statement of a
   * first commit on a checked token (`openPaymentOnCheckedToken`, decision 119): `{ opened }`,
   * the SMS's outbox id, when it wrote the payment with its first code. Otherwise — no card named,
   * a check of that statement failed and nothing was written, or a racing commit made the token's
   * payment first (the token's unique payment refused this one) — the one read of decision 116
   * (`commitReads`): `{ read }`, for the caller to tell why, or to carry on with the payment found.
   */
  async openOrRead(entry: {
    orderId: number;
    tokenHash: string;
    borrowerId: number;
    cardId: number | null;
    /** the first commit's payment, code and SMS, when a card is named */
    first: { payment: CheckedTokenPayment; code: NewRepaymentCode; sms: Record<string, unknown> } | null;
  }): Promise<{ opened: number } | { read: CommitReads | null }> {
    if (entry.first) {
      try {
        const opened = await this.openPaymentOnCheckedToken(entry.first.payment, entry.first.code, entry.first.sms);
        if (opened !== null) return { opened };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return { read: await this.commitReads(entry.orderId, entry.tokenHash, entry.borrowerId, entry.cardId) };
  }

  /**
   * Everything a repayment commit reads, in one statement (decision 116): the order with its
   * schedule and ledger, the token with the payment already started with it (null before the first
   * commit), and the borrower's card (null for another borrower's or a missing one). Null when
   * there is no such order.
   */
  async commitReads(orderId: number, tokenHash: string, borrowerId: number, cardId: number | null): Promise<CommitReads | null> {
    const [row] = await this.commitReadsQuery.execute({ orderId, tokenHash, borrowerId, cardId });
    if (!row) return null;
    const { order, schedule, ledgerRows, token, payment, card } = row;
    return { order, ledger: orderLedgerOf(order.id, schedule, ledgerRows), token, payment, card };
  }

  async findPaymentByToken(tokenHash: string, tx: Db = this.db): Promise<Payment | null> {
    const [row] = await tx.select().from(payments).where(eq(payments.repayTokenHash, tokenHash)).limit(1);
    return row ?? null;
  }

  /** Moves a payment on from one of `from`, or answers null when another call moved it first. */
  async moveStatus(
    paymentId: number,
    from: readonly PaymentStatus[],
    to: PaymentStatus,
    now: Date,
    tx: Db = this.db,
  ): Promise<Payment | null> {
    const [row] = await tx
      .update(payments)
      .set({ status: to, updatedAt: now })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])))
      .returning();
    return row ?? null;
  }

  /** Pays with another of the borrower's cards while the payment has not been submitted. */
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
}
