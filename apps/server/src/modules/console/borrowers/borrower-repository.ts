/** The console's reads of borrowers and orders (issue 31 item 1): search, a borrower's page, an order's page. */
import type { Market } from '@kilat/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/database.js';
import {
  bankCards,
  borrowers,
  complaintDesk,
  complaintScores,
  complaints,
  disbursalAccounts,
  orderRuleResults,
  orders,
  payments,
  payouts,
  products,
  sessions,
  webhookEvents,
} from '../../../db/schema.js';
import { borrowerMessages } from '../../messages/table.js';
import { smsOutbox } from '../../sms/outbox-table.js';

export const SEARCH_PAGE_SIZE = 20;
/** what each list of a borrower's page shows at most, newest first */
const RECENT = 50;

export interface SearchTerms {
  /** E.164 numbers the text can be, each in its market (a phone is unique within its market: the index leads with it) */
  phones: { market: Market; phone: string }[];
  /** the text as an order number */
  orderNo: string | null;
  /** the words of a name, lower-cased: each is the start of one of the name's words, in any order ("sharma", "rahayu siti") */
  nameWords: string[];
  /** four digits: a phone's, a card's or a disbursal account's last four */
  last4: string | null;
  market?: Market | undefined;
  /** keyset: borrowers with a greater id */
  after: number;
}

export type SearchMatch = 'phone' | 'orderNo' | 'name' | 'card' | 'account';

// a LIKE pattern's own characters are taken literally
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
/**
 * Every word starts one of the name's words, in any order (decision 236): the name with a space
 * before it holds ' word' for each. It reads the borrowers of the market by id, as the page's keyset does.
 */
const nameMatch = (words: string[]) =>
  sql.join(
    words.map((word) => sql`(' ' || lower(b.name)) LIKE ${`% ${literal(word)}%`}`),
    sql` AND `,
  );

export class BorrowerRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of borrowers matching any of the terms, by id (keyset), with what each matched. Each way
   * of matching is its own indexed read of at most a page past the cursor (phone, order number, a
   * name's first letters, a card's or an account's last four), and the page is the first of their
   * union: one OR over them all walked the borrowers by id, testing each, and took 160 ms to find an
   * order number among 1,000,000 orders (decision 176).
   */
  async search(terms: SearchTerms, tx: Db = this.db) {
    const limit = SEARCH_PAGE_SIZE + 1;
    const ways: [SearchMatch, SQL | null][] = [
      [
        'phone',
        terms.phones.length > 0
          ? sql`FROM ${borrowers} b WHERE (b.market, b.phone) IN (${sql.join(
              terms.phones.map(({ market, phone }) => sql`(${market}, ${phone})`),
              sql`, `,
            )})`
          : null,
      ],
      [
        'orderNo',
        // whatever the case typed: the order number's upper-case index (migration 0044)
        terms.orderNo
          ? sql`FROM ${orders} o JOIN ${borrowers} b ON b.id = o.borrower_id WHERE upper(o.order_no) = upper(${terms.orderNo})`
          : null,
      ],
      ['name', terms.nameWords.length > 0 ? sql`FROM ${borrowers} b WHERE ${nameMatch(terms.nameWords)}` : null],
      // a phone's last four (migration 0044's index on them)
      ['phone', terms.last4 ? sql`FROM ${borrowers} b WHERE right(b.phone, 4) = ${terms.last4}` : null],
      ['card', terms.last4 ? sql`FROM ${bankCards} c JOIN ${borrowers} b ON b.id = c.borrower_id WHERE c.last4 = ${terms.last4}` : null],
      [
        'account',
        terms.last4 ? sql`FROM ${disbursalAccounts} d JOIN ${borrowers} b ON b.id = d.borrower_id WHERE d.last4 = ${terms.last4}` : null,
      ],
    ];
    const used = ways.filter((entry): entry is [SearchMatch, SQL] => entry[1] !== null);
    if (used.length === 0) return [];
    const market = terms.market ? sql`AND b.market = ${terms.market}` : sql``;
    const hits = sql.join(
      used.map(
        ([name, from]) =>
          sql`(SELECT DISTINCT b.id, ${name}::text AS matched ${from} AND b.id > ${terms.after} ${market} ORDER BY b.id LIMIT ${limit})`,
      ),
      sql` UNION ALL `,
    );
    const rows = rowsOf<{ id: unknown; name: string; phone: string; market: Market; created_at: Date | string; matched: SearchMatch[] }>(
      await tx.execute(sql`
        SELECT b.id, b.name, b.phone, b.market, b.created_at, h.matched
        FROM (SELECT id, array_agg(matched) AS matched FROM (${hits}) AS hit GROUP BY id ORDER BY id LIMIT ${limit}) AS h
        JOIN ${borrowers} b ON b.id = h.id
        ORDER BY b.id`),
    );
    const order = [...new Set(used.map(([name]) => name))];
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      phone: row.phone,
      market: row.market,
      createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
      matched: order.filter((name) => row.matched.includes(name)),
    }));
  }

  async borrower(id: number, tx: Db = this.db) {
    const [row] = await tx.select().from(borrowers).where(eq(borrowers.id, id)).limit(1);
    return row ?? null;
  }

  /** Everything of a borrower's page but the orders' states and chatbot records, in parallel. */
  async borrowerPage(borrower: { id: number; market: Market; phone: string }, tx: Db = this.db) {
    const [orderRows, cards, accounts, live, sms, messages, complaintRows] = await Promise.all([
      tx.select().from(orders).where(eq(orders.borrowerId, borrower.id)).orderBy(desc(orders.appliedAt), desc(orders.id)).limit(RECENT),
      tx.select().from(bankCards).where(eq(bankCards.borrowerId, borrower.id)).orderBy(desc(bankCards.id)),
      tx.select().from(disbursalAccounts).where(eq(disbursalAccounts.borrowerId, borrower.id)).orderBy(desc(disbursalAccounts.id)),
      tx
        .select({
          tokenHash: sessions.tokenHash,
          deviceId: sessions.deviceId,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(eq(sessions.borrowerId, borrower.id))
        .orderBy(desc(sessions.createdAt)),
      tx
        .select()
        .from(smsOutbox)
        .where(and(eq(smsOutbox.market, borrower.market), eq(smsOutbox.phone, borrower.phone)))
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(RECENT),
      tx
        .select({
          id: borrowerMessages.id,
          kind: borrowerMessages.kind,
          orderNo: orders.orderNo,
          shownAt: borrowerMessages.shownAt,
          readAt: borrowerMessages.readAt,
        })
        .from(borrowerMessages)
        .leftJoin(orders, eq(orders.id, borrowerMessages.orderId))
        .where(eq(borrowerMessages.borrowerId, borrower.id))
        .orderBy(desc(borrowerMessages.shownAt), desc(borrowerMessages.id))
        .limit(RECENT),
      tx
        .select({
          id: complaints.id,
          problemType: complaints.problemType,
          detail: complaints.detail,
          createdAt: complaints.createdAt,
          repliedAt: complaints.repliedAt,
          closedAt: complaintDesk.closedAt,
          score: complaintScores.score,
          orderId: complaints.orderId,
          orderNo: orders.orderNo,
        })
        .from(complaints)
        .innerJoin(orders, eq(orders.id, complaints.orderId))
        .leftJoin(complaintDesk, eq(complaintDesk.complaintId, complaints.id))
        .leftJoin(complaintScores, eq(complaintScores.complaintId, complaints.id))
        .where(eq(complaints.borrowerId, borrower.id))
        .orderBy(desc(complaints.createdAt), desc(complaints.id))
        .limit(RECENT),
    ]);
    return { orders: orderRows, cards, accounts, sessions: live, sms, messages, complaints: complaintRows };
  }

  async order(id: number, tx: Db = this.db) {
    const [row] = await tx
      .select({ order: orders, productName: products.name, borrowerName: borrowers.name })
      .from(orders)
      .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
      .leftJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.id, id))
      .limit(1);
    return row ?? null;
  }

  /** The order's payouts (each attempt), payments and the webhook events about those payments. */
  /** The decision engine's result of each rule for the order, in the engine's order of rules. */
  async ruleResults(orderId: number, tx: Db = this.db) {
    return tx
      .select({ rule: orderRuleResults.rule, outcome: orderRuleResults.outcome, detail: orderRuleResults.detail })
      .from(orderRuleResults)
      .where(eq(orderRuleResults.orderId, orderId))
      .orderBy(orderRuleResults.decidedAt);
  }

  async orderMoney(orderId: number, tx: Db = this.db) {
    const [payoutRows, paymentRows] = await Promise.all([
      tx
        .select({ payout: payouts, accountLast4: disbursalAccounts.last4, accountBank: disbursalAccounts.bankName })
        .from(payouts)
        .leftJoin(disbursalAccounts, eq(disbursalAccounts.id, payouts.disbursalAccountId))
        .where(eq(payouts.orderId, orderId))
        .orderBy(payouts.attempt, payouts.id),
      tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt, payments.id),
    ]);
    const refs = paymentRows.map((payment) => payment.gatewayRef).filter((ref): ref is string => ref !== null);
    const events =
      refs.length === 0
        ? []
        : await tx
            .select({
              gateway: webhookEvents.gateway,
              eventId: webhookEvents.eventId,
              type: webhookEvents.type,
              gatewayRef: webhookEvents.gatewayRef,
              receivedAt: webhookEvents.receivedAt,
            })
            .from(webhookEvents)
            .where(inArray(webhookEvents.gatewayRef, refs))
            .orderBy(webhookEvents.receivedAt);
    return { payouts: payoutRows, payments: paymentRows, events };
  }

  /** Deletes one live session of the borrower (by its hash) or all of them, in the caller's transaction; answers the hashes ended. */
  async deleteSessions(borrowerId: number, tokenHash: string | null, tx: Db): Promise<string[]> {
    const rows = await tx
      .delete(sessions)
      .where(and(eq(sessions.borrowerId, borrowerId), tokenHash ? eq(sessions.tokenHash, tokenHash) : undefined))
      .returning({ tokenHash: sessions.tokenHash });
    return rows.map((row) => row.tokenHash);
  }
}
