/**
 * Bound cards, repay tokens, and the repayment commit's one way in (`openOrRead`): the first
 * commit of a checked token in one statement, else the one read the long way checks. What a card
 * payment becomes after that (opened the long way, its card switched, submitted, its code sent
 * again) is the payments module's (payments/repository.ts); its codes are the otp module's.
 * Every method takes an optional transaction; the ones that decide a race are single conditional
 * statements, and each statement says what it guarantees.
 */
import type { Market } from '@kilat/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { type PreparedSql, prepareSql } from '../../db/prepared-sql.js';
import { type BankCardRow, bankCards, type Order, orders, type Payment, payments, type RepayToken, repayTokens } from '../../db/schema.js';
import { ledgerColumns, type OrderLedger, orderLedgerOf } from '../ledger/repository.js';
import { firstCodeValues, type NewRepaymentCode } from '../otp/repayment-codes.js';
import { insertCardPayment, type SmsInsertFrom, withFirstCode } from '../payments/repository.js';

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
  // another borrower's card is not told apart from a missing one: the owner is in the WHERE
  borrowersCard: db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, sql.placeholder('cardId')), eq(bankCards.borrowerId, sql.placeholder('borrowerId'))))
    .limit(1)
    .prepare('borrowers_card'),
  // the token is written and the cards read in one statement (decision 117): no card list without its token
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
  // the order with its schedule and ledger, the token with its payment, the borrower's card, in one
  // snapshot (decision 116): every check of the long way is made on one consistent state
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

const value = (name: string) => sql.placeholder(name);

/**
 * `openPaymentOnCheckedToken`'s statement (decision 119), prepared once per database. Guarantees:
 * the payment is written only when every check a first commit makes still holds — the token is
 * the borrower's, of this order, unexpired, unused, for this amount, with no payment yet; the
 * order's revision and the business date are those the token's amount was checked on (so the
 * order's state is too); the card is the borrower's, of the order's market and gateway, and asks
 * for a code — and then with its first code and the code's SMS, or not at all (one statement);
 * of two commits of one token, the token's unique payment lets one write.
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
        ${insertCardPayment}
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
  private readonly openOnCheckedToken: PreparedSql<{ messageId: number | string }>;

  /** `smsFrom`: the outbox's claimed INSERT, written with a payment's first code */
  constructor(
    readonly db: Db,
    smsFrom: SmsInsertFrom,
  ) {
    ({ borrowersCard: this.borrowersCard, commitReads: this.commitReadsQuery, tokenAndCards: this.tokenAndCards } = preparedReads(db));
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
   * The payment, its first code and the code's SMS for a first commit whose token was checked on the order's state as it still
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
}
