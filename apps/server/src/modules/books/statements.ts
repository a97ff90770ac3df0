/**
 * Bank statement reconciliation (issue 47, decision 261): an uploaded statement's credits matched to
 * offline repayments' claims on their reference (decision 230) and to the gateways' daily
 * settlements by amount; what matches nothing waits in a queue until an operator resolves it with a
 * note. Beside it, each gateway's day of payments in the ledger against what the bank says it settled.
 * Every upload and resolution is audited in its own transaction.
 */
import { formatMoney, type Market } from '@kilat/contract';
import type { SettlementDayView, StatementFormat, StatementLineView, StatementView } from '@kilat/contract/console';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { addDays, type BusinessDate } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { appendAudit } from '../audit/append.js';
import { BooksError } from './books-error.js';
import { readStatement, type StatementCredit } from './statement-formats.js';

export interface BooksActor {
  operatorId: number;
  requestId: string;
}

/** A gateway settles a day's payments within this many days: a credit looks this far back for the day it settles. */
const SETTLEMENT_DAYS_BACK = 7;

/** The ledger's money in through gateways (not reversed), per gateway and business date. */
const gatewayPaymentsSql = (market: Market, from: BusinessDate, to: BusinessDate) => sql`
  SELECT p.gateway, l.business_date::text AS business_date, count(*)::int AS payments, sum(l.amount_minor)::bigint AS amount_minor
  FROM ledger_entries l
  JOIN orders o ON o.id = l.order_id
  JOIN payments p ON p.public_id = l.meta ->> 'paymentId'
  WHERE o.market = ${market} AND l.kind IN ('repayment', 'extension_fee')
    AND l.business_date BETWEEN ${from}::date AND ${to}::date
    AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.order_id = l.order_id AND r.kind = 'reversal' AND (r.meta ->> 'reverses')::bigint = l.id)
  GROUP BY p.gateway, l.business_date`;

type LineRow = {
  id: string | number;
  statement_id: string | number;
  line_no: number;
  market: Market;
  bank_account: string;
  value_date: string;
  reference: string;
  narration: string;
  amount_minor: string | number;
  status: StatementLineView['status'];
  matched_gateway: string | null;
  matched_gateway_date: string | null;
  order_id: string | number | null;
  order_no: string | null;
  resolution_note: string | null;
  resolved_at: Date | string | null;
  resolver: string | null;
};

const lineView = (row: LineRow): StatementLineView => ({
  id: Number(row.id),
  statementId: Number(row.statement_id),
  lineNo: Number(row.line_no),
  bankAccount: row.bank_account,
  valueDate: row.value_date,
  reference: row.reference,
  narration: row.narration,
  amountMinor: Number(row.amount_minor),
  amount: formatMoney(Number(row.amount_minor), row.market),
  status: row.status,
  match:
    row.order_id !== null
      ? { kind: 'offline_repayment', orderId: Number(row.order_id), orderNo: row.order_no ?? '' }
      : row.matched_gateway !== null
        ? { kind: 'gateway_settlement', gateway: row.matched_gateway, businessDate: row.matched_gateway_date ?? '' }
        : null,
  resolution:
    row.resolution_note === null
      ? null
      : { note: row.resolution_note, by: row.resolver ?? '', at: new Date(row.resolved_at ?? 0).toISOString() },
});

const LINE_SELECT = sql`
  SELECT s.id, s.statement_id, s.line_no, s.market, s.bank_account, s.value_date::text AS value_date, s.reference, s.narration,
    s.amount_minor, s.status, s.matched_gateway, s.matched_gateway_date::text AS matched_gateway_date,
    c.order_id, o.order_no, s.resolution_note, s.resolved_at, op.name AS resolver
  FROM bank_statement_lines s
  LEFT JOIN bank_credit_claims c ON c.id = s.matched_claim_id
  LEFT JOIN orders o ON o.id = c.order_id
  LEFT JOIN operators op ON op.id = s.resolved_by`;

export class Statements {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** each market's collection accounts, the first the default (decision 230) */
    private readonly collectionAccounts: Record<Market, readonly string[]>,
  ) {}

  async upload(
    actor: BooksActor,
    input: { market: Market; bankAccount?: string | undefined; format: StatementFormat; fileName: string; csv: string },
  ): Promise<StatementView> {
    const accounts = this.collectionAccounts[input.market];
    const bankAccount = (input.bankAccount ?? accounts[0] ?? 'MAIN').toUpperCase();
    if (!accounts.includes(bankAccount))
      throw new BooksError(`Account ${bankAccount} is not a collection account of this market (${accounts.join(', ')}).`);
    const reading = readStatement(input.format, input.csv);
    if (!reading.ok) throw new BooksError(reading.error);
    return this.db.transaction(async (tx) => {
      const [statement] = rowsOf<{ id: string | number }>(
        await tx.execute(sql`
          INSERT INTO bank_statements (market, bank_account, format, file_name, credits, uploaded_by, uploaded_at)
          VALUES (${input.market}, ${bankAccount}, ${input.format}, ${input.fileName}, ${reading.credits.length}, ${actor.operatorId}, ${this.clock.now()})
          RETURNING id`),
      );
      const statementId = Number(statement!.id);
      let matched = 0;
      let unmatched = 0;
      const waiting: number[] = [];
      for (const credit of reading.credits) {
        const outcome = await this.place(tx, input.market, bankAccount, statementId, credit);
        if (outcome === 'unmatched') unmatched += 1;
        else if (outcome !== 'repeated') {
          matched += 1;
          if (outcome.waitingApproval !== null) waiting.push(outcome.waitingApproval);
        }
      }
      const view: StatementView = {
        id: statementId,
        market: input.market,
        bankAccount,
        format: input.format,
        fileName: input.fileName,
        credits: reading.credits.length,
        matched,
        unmatched,
        repeated: reading.credits.length - matched - unmatched,
        waitingApprovals: waiting,
        approved: 0,
      };
      await appendAudit(
        tx,
        {
          operatorId: actor.operatorId,
          action: 'books.statement-upload',
          targetType: 'bank_statement',
          targetId: statementId,
          after: view,
          requestId: actor.requestId,
        },
        this.clock.now(),
      );
      return view;
    });
  }

  /** Stores one credit (once, however often it is uploaded) and matches it: a live claim on its reference and amount first, then a gateway's day. */
  private async place(tx: Db, market: Market, bankAccount: string, statementId: number, credit: StatementCredit) {
    const inserted = rowsOf<{ id: string | number }>(
      await tx.execute(sql`
        INSERT INTO bank_statement_lines (statement_id, market, bank_account, line_no, value_date, reference, narration, amount_minor, status)
        VALUES (${statementId}, ${market}, ${bankAccount}, ${credit.lineNo}, ${credit.valueDate}::date, ${credit.reference}, ${credit.narration},
          ${credit.amountMinor}, 'unmatched')
        ON CONFLICT (market, bank_account, value_date, reference, amount_minor) DO NOTHING
        RETURNING id`),
    );
    const lineId = inserted[0]?.id;
    if (lineId === undefined) return 'repeated' as const;
    const [claim] = rowsOf<{ id: string | number; approval_id: string | number | null; ledger_entry_id: string | number | null }>(
      await tx.execute(sql`
        SELECT c.id, c.approval_id, c.ledger_entry_id FROM bank_credit_claims c
        WHERE c.market = ${market} AND c.bank_account = ${bankAccount} AND c.bank_reference = ${credit.reference}
          AND c.amount_minor = ${credit.amountMinor} AND c.released_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM bank_statement_lines s WHERE s.matched_claim_id = c.id)
        ORDER BY c.id LIMIT 1`),
    );
    if (claim) {
      await tx.execute(sql`UPDATE bank_statement_lines SET status = 'matched', matched_claim_id = ${claim.id} WHERE id = ${lineId}`);
      // a large offline repayment still waiting for a second person: the statement may approve it (decision 263)
      return { waitingApproval: claim.ledger_entry_id === null && claim.approval_id !== null ? Number(claim.approval_id) : null };
    }
    // a gateway's settlement names the gateway in its narration and pays one day's payments
    const days = rowsOf<{ gateway: string; business_date: string; amount_minor: string | number }>(
      await tx.execute(gatewayPaymentsSql(market, addDays(credit.valueDate, -SETTLEMENT_DAYS_BACK), credit.valueDate)),
    );
    const narration = credit.narration.toUpperCase();
    for (const day of days.sort((a, b) => b.business_date.localeCompare(a.business_date))) {
      if (!narration.includes(day.gateway.toUpperCase()) || Number(day.amount_minor) !== credit.amountMinor) continue;
      const taken = rowsOf(
        await tx.execute(sql`
          SELECT 1 FROM bank_statement_lines
          WHERE market = ${market} AND matched_gateway = ${day.gateway} AND matched_gateway_date = ${day.business_date}::date`),
      );
      if (taken.length > 0) continue;
      await tx.execute(sql`
        UPDATE bank_statement_lines SET status = 'matched', matched_gateway = ${day.gateway}, matched_gateway_date = ${day.business_date}::date
        WHERE id = ${lineId}`);
      return { waitingApproval: null };
    }
    return 'unmatched' as const;
  }

  async lines(query: { market: Market; status: 'unmatched' | 'matched' | 'resolved' | 'all' }): Promise<StatementLineView[]> {
    const found = await this.db.execute(sql`
      ${LINE_SELECT}
      WHERE s.market = ${query.market} ${query.status === 'all' ? sql`` : sql`AND s.status = ${query.status}`}
      ORDER BY s.value_date DESC, s.id DESC
      LIMIT 500`);
    return rowsOf<LineRow>(found).map(lineView);
  }

  /** An unmatched credit explained by an operator's note (a transfer between Kilat's accounts, a credit for another business…); audited. */
  async resolve(actor: BooksActor, lineId: number, note: string): Promise<StatementLineView> {
    return this.db.transaction(async (tx) => {
      const [line] = rowsOf<{ status: string; market: Market }>(
        await tx.execute(sql`SELECT status, market FROM bank_statement_lines WHERE id = ${lineId} FOR UPDATE`),
      );
      if (!line) throw BooksError.notFound();
      if (line.status !== 'unmatched') throw BooksError.conflict(`This credit is already ${line.status}.`);
      await tx.execute(sql`
        UPDATE bank_statement_lines SET status = 'resolved', resolution_note = ${note}, resolved_by = ${actor.operatorId}, resolved_at = ${this.clock.now()}
        WHERE id = ${lineId}`);
      await appendAudit(
        tx,
        {
          operatorId: actor.operatorId,
          action: 'books.statement-resolve',
          targetType: 'bank_statement_line',
          targetId: lineId,
          before: { status: 'unmatched' },
          after: { status: 'resolved', note },
          requestId: actor.requestId,
        },
        this.clock.now(),
      );
      const [row] = rowsOf<LineRow>(await tx.execute(sql`${LINE_SELECT} WHERE s.id = ${lineId}`));
      return lineView(row!);
    });
  }

  /** Each gateway's days of `from`..`to`: the ledger's payments through it beside the statement credits matched as its settlement of that day. */
  async settlements(query: { market: Market; from: string; to: string }): Promise<SettlementDayView[]> {
    const [payments, settled] = await Promise.all([
      this.db.execute(gatewayPaymentsSql(query.market, query.from, query.to)),
      this.db.execute(sql`
        SELECT matched_gateway AS gateway, matched_gateway_date::text AS business_date, sum(amount_minor)::bigint AS amount_minor
        FROM bank_statement_lines
        WHERE market = ${query.market} AND matched_gateway IS NOT NULL
          AND matched_gateway_date BETWEEN ${query.from}::date AND ${query.to}::date
        GROUP BY matched_gateway, matched_gateway_date`),
    ]);
    const key = (gateway: string, day: string) => `${gateway}|${day}`;
    const days = new Map<
      string,
      { gateway: string; businessDate: string; payments: number; paymentsMinor: number; settledMinor: number }
    >();
    for (const row of rowsOf<{ gateway: string; business_date: string; payments: number; amount_minor: string | number }>(payments)) {
      days.set(key(row.gateway, row.business_date), {
        gateway: row.gateway,
        businessDate: row.business_date,
        payments: Number(row.payments),
        paymentsMinor: Number(row.amount_minor),
        settledMinor: 0,
      });
    }
    for (const row of rowsOf<{ gateway: string; business_date: string; amount_minor: string | number }>(settled)) {
      const day = days.get(key(row.gateway, row.business_date)) ?? {
        gateway: row.gateway,
        businessDate: row.business_date,
        payments: 0,
        paymentsMinor: 0,
        settledMinor: 0,
      };
      day.settledMinor += Number(row.amount_minor);
      days.set(key(row.gateway, row.business_date), day);
    }
    return [...days.values()]
      .sort((a, b) => b.businessDate.localeCompare(a.businessDate) || a.gateway.localeCompare(b.gateway))
      .map((day) => ({
        ...day,
        paymentsAmount: formatMoney(day.paymentsMinor, query.market),
        settled: formatMoney(day.settledMinor, query.market),
        differenceMinor: day.paymentsMinor - day.settledMinor,
        difference: formatMoney(day.paymentsMinor - day.settledMinor, query.market),
      }));
  }
}
