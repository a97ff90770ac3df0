/**
 * The daily payout reconciliation (issue 28 item 5, decision 140): once a day, for each market's
 * previous business day, the ledger's disbursements and reversals paid through the market's payout
 * gateway are compared with that gateway's own statement (`listTransactions`: RazorpayX
 * `GET /v1/transactions`, Xendit `GET /transactions?types=DISBURSEMENT`, the sandbox's memory of
 * what it paid). Each line is matched by the gateway's payout id (or our reference where the
 * ledger has no id) and by movement (the payout, or its return), then by amount; what does not
 * agree is recorded once in `payout_mismatches` for operators and counted in /metrics while
 * unresolved. A rerun of a day records nothing twice (the table's unique index).
 *
 * Payouts left `processing` too long are not this pass's: the payout job asks the gateway about
 * every processing payout again each PROCESSING_POLL_MS (service.ts, decision 135).
 *
 * A line and its ledger row may fall on either side of midnight (the ledger dates a payout the
 * gateway answered without a time by the job's clock; Xendit's statement dates a payout by when it
 * was created, not when it landed), so each side of the day is matched against the other side's
 * day before, the day itself and the day after; only what is missing from all three is recorded,
 * on the day of the row that has no partner.
 */
import { Market, MarketTimeZone } from '@kilat/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { type PayoutMismatchKind, type PayoutMovement, payoutMismatches } from '../../db/schema.js';
import { addDays, type BusinessDate, businessDateAt } from '../../lending/business-date.js';
import { type DisbursalMovement, disbursalMovements } from '../ledger/repository.js';
import type { PayoutGateways } from './gateways.js';
import type { GatewayTransaction } from './ports.js';

export const PAYOUT_RECONCILIATION_JOB = 'payout-reconciliation';

const MARKETS: readonly Market[] = [Market.India, Market.Indonesia];

/** The instant a business date starts in its market (both markets' zones keep one offset all year). */
export const startOfBusinessDate = (date: BusinessDate, market: Market): Date => {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(midnightUtc)) throw new RangeError(`not an ISO date: ${date}`);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: MarketTimeZone[market],
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(midnightUtc));
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)!.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  // the zone's wall clock at UTC midnight, read as if it were UTC, is ahead of it by the zone's offset
  return new Date(midnightUtc - (wall - midnightUtc));
};

export interface MismatchFound {
  kind: PayoutMismatchKind;
  movement: PayoutMovement;
  gatewayPayoutId: string | null;
  reference: string | null;
  ledgerAmountMinor: number | null;
  gatewayAmountMinor: number | null;
}

const movementOf = (line: GatewayTransaction): PayoutMovement => (line.kind === 'payout' ? 'disbursement' : 'disbursement_reversal');

/**
 * What one day's ledger rows and gateway lines disagree on (pure): `ledger` and `lines` cover the
 * day before, the day and the day after; only rows and lines dated `day` are checked against them.
 */
export const mismatchesOf = (
  day: BusinessDate,
  market: Market,
  ledger: readonly DisbursalMovement[],
  lines: readonly GatewayTransaction[],
): MismatchFound[] => {
  const byId = new Map<string, GatewayTransaction>();
  const byReference = new Map<string, GatewayTransaction>();
  for (const line of lines) {
    byId.set(`${movementOf(line)}:${line.gatewayPayoutId}`, line);
    if (line.reference) byReference.set(`${movementOf(line)}:${line.reference}`, line);
  }
  const ledgerIds = new Set<string>();
  const ledgerReferences = new Set<string>();
  for (const row of ledger) {
    if (row.gatewayPayoutId) ledgerIds.add(`${row.kind}:${row.gatewayPayoutId}`);
    ledgerReferences.add(`${row.kind}:${row.reference}`);
  }
  const found: MismatchFound[] = [];
  for (const row of ledger) {
    if (row.businessDate !== day) continue;
    const line =
      (row.gatewayPayoutId ? byId.get(`${row.kind}:${row.gatewayPayoutId}`) : undefined) ?? byReference.get(`${row.kind}:${row.reference}`);
    const base = { movement: row.kind, gatewayPayoutId: row.gatewayPayoutId, reference: row.reference, ledgerAmountMinor: row.amountMinor };
    if (!line) found.push({ ...base, kind: 'missing_at_gateway', gatewayAmountMinor: null });
    else if (line.amountMinor !== row.amountMinor) found.push({ ...base, kind: 'amount_differs', gatewayAmountMinor: line.amountMinor });
  }
  for (const line of lines) {
    if (businessDateAt(new Date(line.occurredAt), market) !== day) continue;
    const movement = movementOf(line);
    const inLedger =
      ledgerIds.has(`${movement}:${line.gatewayPayoutId}`) ||
      (line.reference !== null && ledgerReferences.has(`${movement}:${line.reference}`));
    if (!inLedger)
      found.push({
        kind: 'missing_in_ledger',
        movement,
        gatewayPayoutId: line.gatewayPayoutId,
        reference: line.reference,
        ledgerAmountMinor: null,
        gatewayAmountMinor: line.amountMinor,
      });
  }
  return found;
};

export interface ReconciledDay {
  market: Market;
  gateway: string;
  businessDate: BusinessDate;
  ledgerRows: number;
  gatewayLines: number;
  mismatches: number;
  /** of them, recorded now (the rest were recorded by an earlier pass of the same day) */
  recorded: number;
}

export class PayoutReconciliation {
  constructor(private readonly deps: { db: Db; gateways: PayoutGateways }) {}

  /** The job: each market's previous business day, against the market's payout gateway. */
  async run(now: Date): Promise<Record<string, unknown>> {
    const days: ReconciledDay[] = [];
    const failed: unknown[] = [];
    for (const market of MARKETS) {
      // one market's gateway not answering does not keep the other's day from being checked
      try {
        days.push(await this.reconcile(market, addDays(businessDateAt(now, market), -1), now));
      } catch (error) {
        failed.push(error);
      }
    }
    // the job fails and is due again (the scheduler's rule); a rerun records nothing twice
    if (failed.length > 0) throw new AggregateError(failed, 'payout reconciliation: a gateway statement could not be read');
    return { days };
  }

  /** One market's business day: read both sides, record what disagrees (nothing twice). */
  async reconcile(market: Market, day: BusinessDate, now: Date): Promise<ReconciledDay> {
    const gateway = this.deps.gateways.for(market);
    const ledger = await disbursalMovements(this.deps.db, {
      market,
      gateway: gateway.name,
      from: addDays(day, -1),
      to: addDays(day, 1),
    });
    const lines = (
      await gateway.listTransactions({
        from: startOfBusinessDate(addDays(day, -1), market),
        to: startOfBusinessDate(addDays(day, 2), market),
      })
    )
      // a gateway account serving both markets (the sandbox) names each line's market
      .filter((line) => (line.market ?? market) === market);
    const found = mismatchesOf(day, market, ledger, lines);
    let recorded = 0;
    if (found.length > 0) {
      const rows = await this.deps.db
        .insert(payoutMismatches)
        .values(found.map((mismatch) => ({ ...mismatch, market, gateway: gateway.name, businessDate: day, foundAt: now })))
        // the unique index (gateway, day, kind, movement, ids): a rerun of the day records nothing twice
        .onConflictDoNothing()
        .returning({ id: payoutMismatches.id });
      recorded = rows.length;
    }
    return {
      market,
      gateway: gateway.name,
      businessDate: day,
      ledgerRows: ledger.filter((row) => row.businessDate === day).length,
      gatewayLines: lines.filter((line) => businessDateAt(new Date(line.occurredAt), market) === day).length,
      mismatches: found.length,
      recorded,
    };
  }
}

/** Unresolved mismatches by market and gateway (the /metrics gauge reads it at scrape time). */
export const unresolvedMismatches = async (db: Db): Promise<{ market: Market; gateway: string; count: number }[]> =>
  rowsOf<{ market: Market; gateway: string; count: string | number }>(
    await db.execute(
      sql`SELECT market, gateway, count(*) AS count FROM payout_mismatches WHERE resolved_at IS NULL GROUP BY market, gateway`,
    ),
  ).map((row) => ({ market: row.market, gateway: row.gateway, count: Number(row.count) }));
