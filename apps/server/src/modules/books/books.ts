/**
 * The books (issue 47, decision 260): the daily journal of a market derived from every order's ledger
 * through the one replay (`lending/journal.ts`), the disbursement and collection registers,
 * provisioning by days-past-due bucket at each market's configured rates, and Indonesia's TKB90 per
 * month. Reads only; every CSV is audited by the console room that serves it.
 */
import { formatMoney, type Market } from '@kilat/contract';
import type {
  BookReport,
  JournalDayView,
  JournalView,
  ProvisioningBucket,
  ProvisioningView,
  RegisterRowView,
  RegisterView,
  Tkb90MonthView,
} from '@kilat/contract/console';
import { ProvisioningBuckets } from '@kilat/contract/console';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { type Order, orders } from '../../db/schema.js';
import { csvFile, majorUnits } from '../../http/csv.js';
import { addDays, type BusinessDate, daysBetween } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import {
  Account,
  type BookOrder,
  chartOfAccounts,
  debitCredit,
  type JournalLine,
  orderJournal,
  positionsOf,
} from '../../lending/journal.js';
import { liveRows, overdueDaysOn, replayLedger } from '../../lending/ledger-replay.js';
import { sum } from '../../lending/money.js';
import { appendAudit } from '../audit/append.js';
import { replayTermsOf } from '../ledger/replay.js';
import { ledgersOf } from '../ledger/repository.js';
import { BooksError } from './books-error.js';

/** A year of days at most in one read: the journal replays every order once a day with rows. */
const MAX_RANGE_DAYS = 366;

const percent = (bps: number) => `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}%`;

export const bucketOf = (daysPastDue: number): ProvisioningBucket =>
  daysPastDue <= 0
    ? 'current'
    : daysPastDue <= 30
      ? '1-30'
      : daysPastDue <= 60
        ? '31-60'
        : daysPastDue <= 90
          ? '61-90'
          : daysPastDue <= 180
            ? '91-180'
            : '181+';

interface Booked {
  order: Order;
  book: BookOrder;
}

export class Books {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  range(query: { market: Market; from: string; to: string }) {
    const days = daysBetween(query.from, query.to);
    if (days < 0) throw new BooksError('The range ends before it starts.');
    if (days >= MAX_RANGE_DAYS) throw new BooksError('Ask for a year at most at a time.');
    return { market: query.market, from: query.from, to: query.to };
  }

  /** Every order of the market with a ledger row by `through`, as the books read it. */
  private async booked(market: Market, through: BusinessDate): Promise<Booked[]> {
    const found = await this.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.market, market),
          sql`EXISTS (SELECT 1 FROM ledger_entries l WHERE l.order_id = ${orders.id} AND l.business_date <= ${through}::date)`,
        ),
      )
      .orderBy(orders.id);
    if (found.length === 0) return [];
    const ids = found.map((order) => order.id);
    const [ledgers, bankRows] = await Promise.all([
      ledgersOf(this.db, ids),
      this.db.execute(sql`
        SELECT l.id FROM ledger_entries l
        WHERE l.order_id IN ${sql.raw(`(${ids.join(',')})`)} AND l.kind = 'repayment' AND l.meta ->> 'method' = 'offline'`),
    ]);
    const bankRowIds = new Set(rowsOf<{ id: string | number }>(bankRows).map((row) => Number(row.id)));
    return found.map((order) => {
      const ledger = ledgers.get(order.id) ?? { periods: [], ledger: [] };
      return { order, book: { terms: replayTermsOf(order), periods: ledger.periods, ledger: ledger.ledger, bankRowIds } };
    });
  }

  /** What the replay says the order owes at the end of `day`: nothing before its payout or once the payout came back. */
  private static owedOn(book: BookOrder, day: BusinessDate) {
    const rows = book.ledger.filter((row) => daysBetween(row.businessDate, day) >= 0);
    const replay = replayLedger({ terms: book.terms, periods: book.periods, ledger: rows });
    const paidOut = liveRows(rows).some((row) => row.kind === 'disbursement') && !replay.reversed;
    return { replay, paidOut, owedMinor: paidOut ? replay.outstandingMinor : 0 };
  }

  async journal(query: {
    market: Market;
    from: string;
    to: string;
  }): Promise<{ view: JournalView; lines: (JournalLine & { orderNo: string })[] }> {
    const { market, from, to } = this.range(query);
    const booked = await this.booked(market, to);
    const lines = booked.flatMap(({ order, book }) => orderJournal(book, from, to).map((line) => ({ ...line, orderNo: order.orderNo })));
    const name = new Map(chartOfAccounts.map((account) => [account.code, account.name]));
    const byDay = new Map<string, Map<string, number>>();
    for (const line of lines) {
      const day = byDay.get(line.businessDate) ?? new Map<string, number>();
      day.set(line.account, (day.get(line.account) ?? 0) + line.amountMinor);
      byDay.set(line.businessDate, day);
    }
    const days: JournalDayView[] = [...byDay.entries()]
      .sort(([a], [b]) => daysBetween(b, a))
      .map(([businessDate, accounts]) => {
        const dayLines = chartOfAccounts
          .filter(({ code }) => (accounts.get(code) ?? 0) !== 0)
          .map(({ code }) => {
            const { debitMinor, creditMinor } = debitCredit(accounts.get(code)!);
            return {
              account: code,
              name: name.get(code)!,
              debitMinor,
              creditMinor,
              debit: debitMinor ? formatMoney(debitMinor, market) : '',
              credit: creditMinor ? formatMoney(creditMinor, market) : '',
            };
          });
        const debitMinor = sum(dayLines.map((line) => line.debitMinor));
        const creditMinor = sum(dayLines.map((line) => line.creditMinor));
        return { businessDate, lines: dayLines, debitMinor, creditMinor, balanced: debitMinor === creditMinor };
      });
    const receivableMinor = sum(booked.map(({ book }) => positionsOf(book, to)[Account.LoansReceivable]));
    const owedByReplayMinor = sum(booked.map(({ book }) => Books.owedOn(book, to).owedMinor));
    return {
      view: {
        market,
        from,
        to,
        accounts: chartOfAccounts.map((account) => ({ ...account })),
        days,
        receivableMinor,
        receivable: formatMoney(receivableMinor, market),
        owedByReplayMinor,
        owedByReplay: formatMoney(owedByReplayMinor, market),
      },
      lines,
    };
  }

  async register(query: { market: Market; from: string; to: string; kind: 'disbursements' | 'collections' }): Promise<RegisterView> {
    const { market, from, to } = this.range(query);
    const kinds = query.kind === 'disbursements' ? ['disbursement', 'disbursement_reversal'] : ['repayment', 'extension_fee'];
    const found = await this.db.execute(sql`
      SELECT l.id, l.order_id, l.kind, l.amount_minor, l.business_date::text AS business_date, o.order_no, b.name AS borrower_name,
        CASE WHEN l.meta ->> 'method' = 'offline' THEN 'bank' ELSE coalesce(l.meta ->> 'gateway', p.gateway, '') END AS channel,
        coalesce(l.meta ->> 'bankReference', l.meta ->> 'utr', p.gateway_ref, l.meta ->> 'paymentId', l.meta ->> 'attempt', '') AS reference,
        EXISTS (SELECT 1 FROM ledger_entries r WHERE r.order_id = l.order_id AND r.kind = 'reversal' AND (r.meta ->> 'reverses')::bigint = l.id) AS reversed
      FROM ledger_entries l
      JOIN orders o ON o.id = l.order_id
      JOIN borrowers b ON b.id = o.borrower_id
      LEFT JOIN payments p ON p.public_id = l.meta ->> 'paymentId'
      WHERE o.market = ${market} AND l.kind IN ${sql.raw(`(${kinds.map((kind) => `'${kind}'`).join(',')})`)}
        AND l.business_date BETWEEN ${from}::date AND ${to}::date
      ORDER BY l.business_date, l.id`);
    const rows: RegisterRowView[] = rowsOf<{
      order_id: string | number;
      kind: string;
      amount_minor: string | number;
      business_date: string;
      order_no: string;
      borrower_name: string;
      channel: string;
      reference: string;
      reversed: boolean;
    }>(found).map((row) => ({
      businessDate: row.business_date,
      orderId: Number(row.order_id),
      orderNo: row.order_no,
      borrowerName: row.borrower_name,
      kind: row.kind,
      amountMinor: Number(row.amount_minor),
      amount: formatMoney(Number(row.amount_minor), market),
      channel: row.channel,
      reference: row.reference,
      reversed: row.reversed,
    }));
    // a payout that came back and a reversed row count for nothing
    const totalMinor = sum(
      rows.filter((row) => !row.reversed).map((row) => (row.kind === 'disbursement_reversal' ? -row.amountMinor : row.amountMinor)),
    );
    return { market, kind: query.kind, rows, totalMinor, total: formatMoney(totalMinor, market) };
  }

  private async rates(market: Market): Promise<Map<ProvisioningBucket, number>> {
    const found = await this.db.execute(sql`SELECT bucket, rate_bps FROM provisioning_rates WHERE market = ${market}`);
    return new Map(rowsOf<{ bucket: ProvisioningBucket; rate_bps: number }>(found).map((row) => [row.bucket, Number(row.rate_bps)]));
  }

  /** What each loan owes at the end of `asOf` and how many days its oldest unpaid period is past due. */
  private async owedByLoan(market: Market, asOf: BusinessDate) {
    const booked = await this.booked(market, asOf);
    return booked.flatMap(({ book }) => {
      const { replay, paidOut, owedMinor } = Books.owedOn(book, asOf);
      if (!paidOut || owedMinor === 0) return [];
      const principalMinor = sum(replay.periods.map((period) => period.principalMinor));
      return [{ owedMinor, principalMinor, daysPastDue: overdueDaysOn(replay, asOf) }];
    });
  }

  async provisioning(query: { market: Market; asOf?: string | undefined }): Promise<ProvisioningView> {
    const market = query.market;
    const asOf = query.asOf ?? this.clock.today(market);
    const [loans, rates] = await Promise.all([this.owedByLoan(market, asOf), this.rates(market)]);
    const buckets = ProvisioningBuckets.map((bucket) => {
      const inBucket = loans.filter((loan) => bucketOf(loan.daysPastDue) === bucket);
      const owedMinor = sum(inBucket.map((loan) => loan.owedMinor));
      const rateBps = rates.get(bucket) ?? 0;
      // rounded up to the minor unit: a provision is never smaller than its rate says
      const provisionMinor = Math.ceil((owedMinor * rateBps) / 10_000);
      return {
        bucket,
        loans: inBucket.length,
        owedMinor,
        owed: formatMoney(owedMinor, market),
        rateBps,
        rate: percent(rateBps),
        provisionMinor,
        provision: formatMoney(provisionMinor, market),
      };
    });
    const owedMinor = sum(buckets.map((bucket) => bucket.owedMinor));
    const provisionMinor = sum(buckets.map((bucket) => bucket.provisionMinor));
    return {
      market,
      asOf,
      buckets,
      owedMinor,
      owed: formatMoney(owedMinor, market),
      provisionMinor,
      provision: formatMoney(provisionMinor, market),
    };
  }

  /** An admin's change of one bucket's rate, with the reason kept in the audit log beside the rate before and after. */
  async changeRate(
    actor: { operatorId: number; requestId: string },
    input: { market: Market; bucket: ProvisioningBucket; rateBps: number; reason: string },
  ): Promise<ProvisioningView> {
    await this.db.transaction(async (tx) => {
      const [before] = rowsOf<{ rate_bps: number }>(
        await tx.execute(
          sql`SELECT rate_bps FROM provisioning_rates WHERE market = ${input.market} AND bucket = ${input.bucket} FOR UPDATE`,
        ),
      );
      const now = this.clock.now();
      await tx.execute(sql`
        UPDATE provisioning_rates SET rate_bps = ${input.rateBps}, updated_by = ${actor.operatorId}, updated_at = ${now}
        WHERE market = ${input.market} AND bucket = ${input.bucket}`);
      await appendAudit(
        tx,
        {
          operatorId: actor.operatorId,
          action: 'books.provisioning-change',
          targetType: 'provisioning_rate',
          targetId: `${input.market}:${input.bucket}`,
          before: { rateBps: before ? Number(before.rate_bps) : null },
          after: { rateBps: input.rateBps, reason: input.reason },
          requestId: actor.requestId,
        },
        now,
      );
    });
    return this.provisioning({ market: input.market });
  }

  /**
   * TKB90 (OJK, Indonesian P2P lending): at each month's end, 100 % less the share of the outstanding
   * principal more than 90 days past due. The last `months` months that have ended.
   */
  async tkb90(months: number): Promise<Tkb90MonthView[]> {
    const today = this.clock.today('ID');
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    const ends: BusinessDate[] = [];
    for (let end = addDays(firstOfMonth, -1); ends.length < months; end = addDays(`${end.slice(0, 7)}-01`, -1)) ends.push(end);
    const views = await Promise.all(
      ends.map(async (asOf) => {
        const loans = await this.owedByLoan('ID', asOf);
        const outstandingMinor = sum(loans.map((loan) => loan.principalMinor));
        const over90Minor = sum(loans.filter((loan) => loan.daysPastDue > 90).map((loan) => loan.principalMinor));
        const tkb90Bps = outstandingMinor === 0 ? 10_000 : 10_000 - Math.ceil((over90Minor * 10_000) / outstandingMinor);
        return { month: asOf.slice(0, 7), asOf, outstandingMinor, over90Minor, tkb90Bps, tkb90: percent(tkb90Bps) };
      }),
    );
    return views;
  }

  /** One report as a CSV file: money in major units of the market's currency. */
  async csv(query: { report: BookReport; market: Market; from?: string | undefined; to?: string | undefined; asOf?: string | undefined }) {
    const { report, market } = query;
    const needRange = () => {
      if (!query.from || !query.to) throw new BooksError('Choose the dates first.');
      return { market, from: query.from, to: query.to };
    };
    if (report === 'journal') {
      const { lines } = await this.journal(needRange());
      const name = new Map(chartOfAccounts.map((account) => [account.code, account.name]));
      const sorted = [...lines].sort(
        (a, b) => daysBetween(b.businessDate, a.businessDate) || a.orderNo.localeCompare(b.orderNo) || a.account.localeCompare(b.account),
      );
      return csvFile(
        ['Business date', 'Order number', 'Account', 'Account name', 'Debit', 'Credit'],
        sorted.map((line) => {
          const { debitMinor, creditMinor } = debitCredit(line.amountMinor);
          return [
            line.businessDate,
            line.orderNo,
            line.account,
            name.get(line.account)!,
            debitMinor ? majorUnits(debitMinor) : '',
            creditMinor ? majorUnits(creditMinor) : '',
          ];
        }),
      );
    }
    if (report === 'disbursements' || report === 'collections') {
      const register = await this.register({ ...needRange(), kind: report });
      return csvFile(
        ['Business date', 'Order number', 'Borrower', 'Kind', 'Amount', 'Channel', 'Reference', 'Reversed'],
        register.rows.map((row) => [
          row.businessDate,
          row.orderNo,
          row.borrowerName,
          row.kind,
          majorUnits(row.amountMinor),
          row.channel,
          row.reference,
          row.reversed ? 'yes' : 'no',
        ]),
      );
    }
    if (report === 'provisioning') {
      const view = await this.provisioning({ market, asOf: query.asOf ?? query.to });
      return csvFile(
        ['As of', 'Bucket (days past due)', 'Loans', 'Owed', 'Rate', 'Provision'],
        view.buckets.map((row) => [
          view.asOf,
          row.bucket,
          String(row.loans),
          majorUnits(row.owedMinor),
          row.rate,
          majorUnits(row.provisionMinor),
        ]),
      );
    }
    const months = await this.tkb90(12);
    return csvFile(
      ['Month', 'As of', 'Outstanding principal', 'More than 90 days past due', 'TKB90'],
      months.map((row) => [row.month, row.asOf, majorUnits(row.outstandingMinor), majorUnits(row.over90Minor), row.tkb90]),
    );
  }
}
