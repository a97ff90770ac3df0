/**
 * Each gateway's settlement report against the ledger's payments (issue 47, decision 276), as the
 * payout reconciliation does for money out: an uploaded report's payment lines, read by the
 * gateway's documented columns, each matched to our payment and what the ledger's live rows of it add
 * up to; a line the ledger does not hold, a line whose amount differs, and a payment of the ledger on
 * the report's days that no report settled wait in a queue until an operator resolves them with a
 * note. Each line is read once however often its report is uploaded; uploads and resolutions are
 * audited in their own transaction.
 */
import { formatMoney, type Market } from '@kilat/contract';
import type { SettlementLineView, SettlementReportFormat, SettlementReportView } from '@kilat/contract/console';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import type { Clock } from '../../lending/clock.js';
import { appendAudit } from '../audit/append.js';
import { BooksError } from './books-error.js';
import { csvRows, statementAmount } from './statement-formats.js';
import type { BooksActor } from './statements.js';

/** One payment a gateway says it settled. */
export interface SettledPayment {
  lineNo: number;
  /** the gateway's id of the line (stored, unique per gateway) */
  gatewayRef: string;
  /** every id the line names that may be our payment's public id or the gateway's reference of it */
  candidates: string[];
  settlementRef: string;
  amountMinor: number;
  feeMinor: number;
  taxMinor: number;
}

interface ReportFormat {
  source: string;
  market: Market;
  gateway: string;
  columns: readonly string[];
  /** null: a row that is not a settled payment (a refund, a transfer, a failed one), read past */
  read: (cell: (name: string) => string, lineNo: number) => SettledPayment | null | string;
}

/** An integer amount of minor units (Razorpay's recon reports paise); null for anything else. */
const subunits = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** Kilat puts its payment's public id in the notes of each QR code and payment link (`payment_ref`). */
const paymentRefIn = (notes: string): string[] => {
  const found = /payment_ref"?\s*[:=]\s*"?([A-Za-z0-9_-]+)/.exec(notes);
  return found ? [found[1]!] : [];
};

/**
 * The documented columns of each report (decision 276). Column names compare trimmed and
 * case-insensitively; the header row is the first holding them all; other columns are read past.
 */
export const SETTLEMENT_REPORTS: Record<SettlementReportFormat, ReportFormat> = {
  // Razorpay's settlement recon (GET /v1/settlements/recon/combined, razorpay.com/docs/api/settlements/fetch-recon):
  // one item per payment, refund, transfer or adjustment settled; amounts in paise
  'razorpay-recon': {
    source: "Razorpay settlement recon report (the recon items' fields as columns)",
    market: 'IN',
    gateway: 'razorpay',
    columns: ['entity_id', 'type', 'amount', 'fee', 'tax', 'settlement_id'],
    read: (cell, lineNo) => {
      if (cell('type').toLowerCase() !== 'payment') return null;
      const amountMinor = subunits(cell('amount'));
      const feeMinor = subunits(cell('fee') || '0');
      const taxMinor = subunits(cell('tax') || '0');
      if (amountMinor === null || amountMinor <= 0) return `Row ${lineNo}: "${cell('amount')}" is not an amount in paise.`;
      if (feeMinor === null || taxMinor === null) return `Row ${lineNo}: the fee or the tax is not an amount in paise.`;
      const entityId = cell('entity_id');
      if (entityId === '') return `Row ${lineNo}: the payment has no entity_id.`;
      return {
        lineNo,
        gatewayRef: entityId,
        candidates: [entityId, cell('order_id'), ...paymentRefIn(cell('notes'))].filter((id) => id !== ''),
        settlementRef: cell('settlement_id'),
        amountMinor,
        feeMinor,
        taxMinor,
      };
    },
  },
  // Xendit's transactions report, version 2 (docs.xendit.co, Transactions report): one row per transaction with its
  // fee and VAT; Reference is the external or reference id Kilat sent, its payment's public id; amounts in rupiah
  'xendit-transactions': {
    source: 'Xendit transactions report (version 2)',
    market: 'ID',
    gateway: 'xendit',
    columns: ['Reference', 'Type', 'Status', 'Amount', 'Total Fee', 'Total VAT'],
    read: (cell, lineNo) => {
      if (cell('Type').toUpperCase() !== 'PAYMENT' || !['SUCCESS', 'SUCCESSFUL'].includes(cell('Status').toUpperCase())) return null;
      const amountMinor = statementAmount(cell('Amount'));
      const feeMinor = cell('Total Fee') === '' ? 0 : statementAmount(cell('Total Fee'));
      const taxMinor = cell('Total VAT') === '' ? 0 : statementAmount(cell('Total VAT'));
      if (amountMinor === null || amountMinor <= 0) return `Row ${lineNo}: "${cell('Amount')}" is not an amount.`;
      if (feeMinor === null || taxMinor === null) return `Row ${lineNo}: the fee or the VAT is not an amount.`;
      const reference = cell('Reference');
      if (reference === '') return `Row ${lineNo}: the payment has no Reference.`;
      return { lineNo, gatewayRef: reference, candidates: [reference], settlementRef: '', amountMinor, feeMinor, taxMinor };
    },
  },
};

export type ReportReading = { ok: true; payments: SettledPayment[] } | { ok: false; error: string };

/** The report's settled payments, or what is wrong with the file, naming the row. */
export const readSettlementReport = (format: SettlementReportFormat, text: string): ReportReading => {
  const mapping = SETTLEMENT_REPORTS[format];
  const rows = csvRows(text);
  const key = (name: string) => name.trim().toLowerCase();
  const headerAt = rows.findIndex((row) => mapping.columns.every((name) => row.map(key).includes(key(name))));
  if (headerAt < 0) return { ok: false, error: `This is not a ${mapping.source}: it needs the columns ${mapping.columns.join(', ')}.` };
  const header = rows[headerAt]!.map(key);
  const payments: SettledPayment[] = [];
  for (let index = headerAt + 1; index < rows.length; index += 1) {
    const row = rows[index]!;
    if (row.every((value) => value.trim() === '')) continue;
    const cell = (name: string) => {
      const at = header.indexOf(key(name));
      return at < 0 ? '' : (row[at] ?? '').trim();
    };
    const read = mapping.read(cell, index + 1);
    if (typeof read === 'string') return { ok: false, error: read };
    if (read) payments.push(read);
  }
  if (payments.length === 0) return { ok: false, error: 'The report settles no payment.' };
  return { ok: true, payments };
};

type LineRow = {
  id: string | number;
  report_id: string | number | null;
  line_no: number | null;
  market: Market;
  gateway: string;
  gateway_ref: string;
  settlement_ref: string;
  amount_minor: string | number | null;
  fee_minor: string | number;
  tax_minor: string | number;
  ledger_minor: string | number | null;
  ledger_date: string | null;
  status: SettlementLineView['status'];
  public_id: string | null;
  order_id: string | number | null;
  order_no: string | null;
  resolution_note: string | null;
  resolved_at: Date | string | null;
  resolver: string | null;
};

const LINE_SELECT = sql`
  SELECT g.id, g.report_id, g.line_no, g.market, g.gateway, g.gateway_ref, g.settlement_ref, g.amount_minor, g.fee_minor, g.tax_minor,
    g.ledger_minor, g.ledger_date::text AS ledger_date, g.status, p.public_id, p.order_id, o.order_no,
    g.resolution_note, g.resolved_at, op.name AS resolver
  FROM gateway_settlement_lines g
  LEFT JOIN payments p ON p.id = g.payment_id
  LEFT JOIN orders o ON o.id = p.order_id
  LEFT JOIN operators op ON op.id = g.resolved_by`;

const lineView = (row: LineRow): SettlementLineView => {
  const money = (minor: string | number | null) => (minor === null ? null : formatMoney(Number(minor), row.market));
  return {
    id: Number(row.id),
    reportId: row.report_id === null ? null : Number(row.report_id),
    lineNo: row.line_no,
    gateway: row.gateway,
    gatewayRef: row.gateway_ref,
    settlementRef: row.settlement_ref,
    amountMinor: row.amount_minor === null ? null : Number(row.amount_minor),
    amount: money(row.amount_minor),
    fee: formatMoney(Number(row.fee_minor), row.market),
    tax: formatMoney(Number(row.tax_minor), row.market),
    ledgerMinor: row.ledger_minor === null ? null : Number(row.ledger_minor),
    ledger: money(row.ledger_minor),
    ledgerDate: row.ledger_date,
    payment: row.public_id === null ? null : { publicId: row.public_id, orderId: Number(row.order_id), orderNo: row.order_no ?? '' },
    status: row.status,
    resolution:
      row.resolution_note === null
        ? null
        : { note: row.resolution_note, by: row.resolver ?? '', at: new Date(row.resolved_at ?? 0).toISOString() },
  };
};

/** The ledger's live money-in rows of a payment (a repayment, an extension fee), as the journal reads them. */
const LEDGER_OF_PAYMENT = sql`
  l.kind IN ('repayment', 'extension_fee')
  AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.order_id = l.order_id AND r.kind = 'reversal' AND (r.meta ->> 'reverses')::bigint = l.id)`;

export class SettlementReports {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async upload(actor: BooksActor, input: { format: SettlementReportFormat; fileName: string; csv: string }): Promise<SettlementReportView> {
    const { market, gateway } = SETTLEMENT_REPORTS[input.format];
    const reading = readSettlementReport(input.format, input.csv);
    if (!reading.ok) throw new BooksError(reading.error);
    return this.db.transaction(async (tx) => {
      const [report] = rowsOf<{ id: string | number }>(
        await tx.execute(sql`
          INSERT INTO gateway_settlement_reports (market, gateway, format, file_name, lines, uploaded_by, uploaded_at)
          VALUES (${market}, ${gateway}, ${input.format}, ${input.fileName}, ${reading.payments.length}, ${actor.operatorId}, ${this.clock.now()})
          RETURNING id`),
      );
      const reportId = Number(report!.id);
      const ids: number[] = [];
      let repeated = 0;
      for (const line of reading.payments) {
        const id = await this.place(tx, market, gateway, reportId, line);
        if (id === null) repeated += 1;
        else ids.push(id);
      }
      await this.queueUnsettled(tx, market, gateway, ids);
      const placed = ids.length
        ? rowsOf<LineRow>(await tx.execute(sql`${LINE_SELECT} WHERE g.id IN (${sql.join(ids, sql`, `)})`)).map(lineView)
        : [];
      const missing = rowsOf<LineRow>(
        await tx.execute(sql`${LINE_SELECT}
          WHERE g.market = ${market} AND g.gateway = ${gateway} AND g.status = 'missing_at_gateway' AND g.resolved_at IS NULL
          ORDER BY g.ledger_date, g.id`),
      ).map(lineView);
      const view: SettlementReportView = {
        id: reportId,
        gateway,
        lines: reading.payments.length,
        matched: placed.filter((line) => line.status === 'matched').length,
        repeated,
        differences: [...placed.filter((line) => line.status !== 'matched'), ...missing],
      };
      await appendAudit(
        tx,
        {
          operatorId: actor.operatorId,
          action: 'books.settlement-upload',
          targetType: 'gateway_settlement_report',
          targetId: reportId,
          after: { format: input.format, fileName: input.fileName, lines: view.lines, matched: view.matched, repeated },
          requestId: actor.requestId,
        },
        this.clock.now(),
      );
      return view;
    });
  }

  /** Stores one settled payment (once) against our payment and the ledger's rows of it; null when it was read before. */
  private async place(tx: Db, market: Market, gateway: string, reportId: number, line: SettledPayment): Promise<number | null> {
    const [payment] = rowsOf<{ id: string | number; public_id: string; order_id: string | number }>(
      await tx.execute(sql`
        SELECT p.id, p.public_id, p.order_id FROM payments p
        WHERE p.gateway = ${gateway} AND p.market = ${market}
          AND (p.public_id IN (${sql.join(line.candidates, sql`, `)}) OR p.gateway_ref IN (${sql.join(line.candidates, sql`, `)}))
        ORDER BY p.id LIMIT 1`),
    );
    const [ledger] = payment
      ? rowsOf<{ minor: string | number | null; first: string | null }>(
          await tx.execute(sql`
            SELECT sum(l.amount_minor)::bigint AS minor, min(l.business_date)::text AS first FROM ledger_entries l
            WHERE l.order_id = ${payment.order_id} AND l.meta ->> 'paymentId' = ${payment.public_id} AND ${LEDGER_OF_PAYMENT}`),
        )
      : [];
    const ledgerMinor = ledger?.minor === null || ledger?.minor === undefined ? null : Number(ledger.minor);
    const status = ledgerMinor === null ? 'missing_in_ledger' : ledgerMinor === line.amountMinor ? 'matched' : 'amount_differs';
    const paymentId = ledgerMinor === null ? null : Number(payment!.id);
    const values = sql`${reportId}, ${line.lineNo}, ${line.gatewayRef}, ${line.settlementRef}, ${line.amountMinor}, ${line.feeMinor},
      ${line.taxMinor}, ${ledgerMinor}, ${ledger?.first ?? null}::date, ${status}`;
    if (paymentId !== null) {
      // a payment queued as missing at the gateway is settled after all: that row becomes this line
      const taken = rowsOf<{ id: string | number }>(
        await tx.execute(sql`
          UPDATE gateway_settlement_lines
          SET (report_id, line_no, gateway_ref, settlement_ref, amount_minor, fee_minor, tax_minor, ledger_minor, ledger_date, status)
            = (${values})
          WHERE payment_id = ${paymentId} AND status = 'missing_at_gateway' AND resolved_at IS NULL
          RETURNING id`),
      );
      if (taken[0]) return Number(taken[0].id);
    }
    const inserted = rowsOf<{ id: string | number }>(
      await tx.execute(sql`
        INSERT INTO gateway_settlement_lines
          (report_id, line_no, gateway_ref, settlement_ref, amount_minor, fee_minor, tax_minor, ledger_minor, ledger_date, status, market, gateway, payment_id)
        VALUES (${values}, ${market}, ${gateway}, ${paymentId})
        ON CONFLICT DO NOTHING
        RETURNING id`),
    );
    return inserted[0] ? Number(inserted[0].id) : null;
  }

  /** The ledger's payments through the gateway on the days the report settled that no report settled: queued as missing at the gateway. */
  private async queueUnsettled(tx: Db, market: Market, gateway: string, lineIds: number[]): Promise<void> {
    if (lineIds.length === 0) return;
    const [days] = rowsOf<{ first: string | null; last: string | null }>(
      await tx.execute(sql`
        SELECT min(ledger_date)::text AS first, max(ledger_date)::text AS last FROM gateway_settlement_lines
        WHERE id IN (${sql.join(lineIds, sql`, `)}) AND ledger_date IS NOT NULL`),
    );
    if (!days?.first || !days.last) return;
    await tx.execute(sql`
      INSERT INTO gateway_settlement_lines (market, gateway, gateway_ref, payment_id, ledger_minor, ledger_date, status)
      SELECT ${market}, ${gateway}, p.public_id, p.id, sum(l.amount_minor), min(l.business_date), 'missing_at_gateway'
      FROM ledger_entries l
      JOIN payments p ON p.public_id = l.meta ->> 'paymentId' AND p.order_id = l.order_id
      WHERE p.gateway = ${gateway} AND p.market = ${market} AND ${LEDGER_OF_PAYMENT}
        AND l.business_date BETWEEN ${days.first}::date AND ${days.last}::date
        AND NOT EXISTS (SELECT 1 FROM gateway_settlement_lines g WHERE g.payment_id = p.id)
      GROUP BY p.id, p.public_id
      ON CONFLICT DO NOTHING`);
  }

  /** The queue (differences not yet resolved) by default; or what matched, what was resolved, or everything. */
  async lines(query: { market: Market; status: 'open' | 'matched' | 'resolved' | 'all' }): Promise<SettlementLineView[]> {
    const filter =
      query.status === 'open'
        ? sql`AND g.status <> 'matched' AND g.resolved_at IS NULL`
        : query.status === 'matched'
          ? sql`AND g.status = 'matched'`
          : query.status === 'resolved'
            ? sql`AND g.resolved_at IS NOT NULL`
            : sql``;
    const found = await this.db.execute(sql`
      ${LINE_SELECT}
      WHERE g.market = ${query.market} ${filter}
      ORDER BY g.ledger_date DESC NULLS FIRST, g.id DESC
      LIMIT 500`);
    return rowsOf<LineRow>(found).map(lineView);
  }

  /** A difference explained by an operator's note (a payment the gateway settles next cycle, a fee charged twice…); audited. */
  async resolve(actor: BooksActor, lineId: number, note: string): Promise<SettlementLineView> {
    return this.db.transaction(async (tx) => {
      const [line] = rowsOf<{ status: string; resolved_at: Date | null }>(
        await tx.execute(sql`SELECT status, resolved_at FROM gateway_settlement_lines WHERE id = ${lineId} FOR UPDATE`),
      );
      if (!line) throw BooksError.notFound();
      if (line.status === 'matched') throw BooksError.conflict('This line matches the ledger: there is nothing to resolve.');
      if (line.resolved_at !== null) throw BooksError.conflict('This difference is resolved already.');
      const now = this.clock.now();
      await tx.execute(sql`
        UPDATE gateway_settlement_lines SET resolution_note = ${note}, resolved_by = ${actor.operatorId}, resolved_at = ${now}
        WHERE id = ${lineId}`);
      await appendAudit(
        tx,
        {
          operatorId: actor.operatorId,
          action: 'books.settlement-resolve',
          targetType: 'gateway_settlement_line',
          targetId: lineId,
          before: { status: line.status },
          after: { status: line.status, note },
          requestId: actor.requestId,
        },
        now,
      );
      const [row] = rowsOf<LineRow>(await tx.execute(sql`${LINE_SELECT} WHERE g.id = ${lineId}`));
      return lineView(row!);
    });
  }
}
