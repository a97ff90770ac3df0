/**
 * Reversals (issue 47, defect 5; decision 233): a repayment, a penalty waiver or a write-off undone by
 * reversing rows, never by an edit or a delete. The replay then reads the ledger without the row and
 * re-applies the rest; penalties charged after it were charged on a balance it had changed, so they
 * are restated as a value-dated repayment restates them (decision 231). A closing repayment's waiver
 * is reversed with it; an offline repayment's bank credit is free again for the right loan.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { bankCreditClaims, ledgerEntries, type Order } from '../../db/schema.js';
import { type BusinessDate, daysBetween } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { type LedgerReplay, type LedgerRow, liveRows } from '../../lending/ledger-replay.js';
import { penaltiesAfter } from '../../lending/value-date.js';
import { replayOrder } from './replay.js';
import { ledgersOf, type OrderLedger, penaltyKey, postLedgerEntries, restatedPenaltyKey, reversalKey, setClosedOn } from './repository.js';

/** What may be reversed by an operator. */
export const REVERSIBLE: ReadonlySet<LedgerRow['kind']> = new Set([
  'repayment',
  'penalty_waiver',
  'write_off',
  'recovery',
  'settlement_waiver',
]);

export type ReversalRefusal =
  | { reason: 'notFound' }
  | { reason: 'notReversible'; kind: string }
  | { reason: 'reversedAlready' }
  /** a write-off with money recovered on it since: the recovery would be left on a loan that owes again (decision 274) */
  | { reason: 'recoveredSince'; recoveredMinor: number };

export interface ReversalPlan {
  /** the row asked for and what goes with it (a closing repayment's waiver) */
  reversed: LedgerRow[];
  restated: LedgerRow[];
  penalties: LedgerReplay['accrued'];
  after: LedgerReplay;
  chargedDays: ReadonlySet<BusinessDate>;
}

/** Pure: what reversing `ledgerId` (and `companions`, rows posted with it) posts on `today`, or why it cannot. */
export const planReversal = (
  order: Order,
  ledger: OrderLedger,
  input: { ledgerId: number; companions: readonly number[]; today: BusinessDate },
): ReversalPlan | ReversalRefusal => {
  const row = ledger.ledger.find((candidate) => candidate.id === input.ledgerId);
  if (!row) return { reason: 'notFound' };
  if (!REVERSIBLE.has(row.kind)) return { reason: 'notReversible', kind: row.kind };
  const live = liveRows(ledger.ledger);
  if (!live.some((candidate) => candidate.id === row.id)) return { reason: 'reversedAlready' };
  if (row.kind === 'write_off') {
    const recoveredMinor = live
      .filter((candidate) => candidate.kind === 'recovery')
      .reduce((sum, candidate) => sum + candidate.amountMinor, 0);
    if (recoveredMinor > 0) return { reason: 'recoveredSince', recoveredMinor };
  }
  const reversed = [row, ...live.filter((candidate) => input.companions.includes(candidate.id))];
  const restated = penaltiesAfter(ledger.ledger, row.businessDate).filter(
    (penalty) => daysBetween(row.businessDate, penalty.businessDate) > 0,
  );
  const gone = new Set([...reversed, ...restated].map((candidate) => candidate.id));
  const after = replayOrder(order, { periods: ledger.periods, ledger: live.filter((candidate) => !gone.has(candidate.id)) }, input.today);
  const chargedDays = new Set(ledger.ledger.filter((candidate) => candidate.kind === 'penalty').map((candidate) => candidate.businessDate));
  return { reversed, restated, penalties: after.accrued, after, chargedDays };
};

export const isReversalRefusal = (answer: ReversalPlan | ReversalRefusal): answer is ReversalRefusal => 'reason' in answer;

/** The rows a row was posted with: a closing repayment's waiver (`waiver:<its key>`). */
const companionsOf = async (tx: Db, orderId: number, ledgerId: number): Promise<number[]> => {
  const [entry] = await tx.select({ key: ledgerEntries.idempotencyKey }).from(ledgerEntries).where(eq(ledgerEntries.id, ledgerId));
  if (!entry) return [];
  const rows = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), inArray(ledgerEntries.idempotencyKey, [`waiver:${entry.key}`])));
  return rows.map((found) => found.id);
};

/** Reads the order's ledger and plans (see `planReversal`). */
export const reversalPlanOf = async (tx: Db, clock: Clock, order: Order, ledgerId: number): Promise<ReversalPlan | ReversalRefusal> => {
  const ledger = (await ledgersOf(tx, [order.id])).get(order.id)!;
  return planReversal(order, ledger, {
    ledgerId,
    companions: await companionsOf(tx, order.id, ledgerId),
    today: clock.today(order.market),
  });
};

/**
 * Posts a plan in the caller's transaction (the order's row locked): a reversal row for each row it
 * undoes and each penalty it restates, the restated penalties charged again, the paid-off date
 * cleared when the order owes again, an offline repayment's bank credit released.
 */
export const postReversal = async (
  tx: Db,
  clock: Clock,
  order: Order,
  plan: ReversalPlan,
  input: { approvalId: number; operatorId: number; reason: string },
): Promise<number> => {
  const today = clock.today(order.market);
  const cause = `reversal-request:${input.approvalId}`;
  const posted = await postLedgerEntries(tx, [
    ...plan.reversed.map((row) => ({
      orderId: order.id,
      kind: 'reversal' as const,
      amountMinor: row.amountMinor,
      idempotencyKey: reversalKey(row.id),
      businessDate: today,
      meta: {
        reverses: row.id,
        reversedKind: row.kind,
        reversedOn: row.businessDate,
        approvalId: input.approvalId,
        operatorId: input.operatorId,
        reason: input.reason,
      },
    })),
    ...plan.restated.map((row) => ({
      orderId: order.id,
      kind: 'reversal' as const,
      amountMinor: row.amountMinor,
      idempotencyKey: reversalKey(row.id),
      businessDate: today,
      meta: { reverses: row.id, reversedKind: row.kind, reversedOn: row.businessDate, cause },
    })),
  ]);
  if (posted < plan.reversed.length + plan.restated.length) throw new Error('a row of this reversal was reversed meanwhile');
  await postLedgerEntries(
    tx,
    plan.penalties.map((penalty) => ({
      orderId: order.id,
      kind: 'penalty' as const,
      amountMinor: penalty.amountMinor,
      idempotencyKey: plan.chargedDays.has(penalty.businessDate)
        ? restatedPenaltyKey(order.id, penalty.businessDate, cause)
        : penaltyKey(order.id, penalty.businessDate),
      businessDate: penalty.businessDate,
      meta: { overdueDay: penalty.overdueDay, overduePrincipalMinor: penalty.overduePrincipalMinor },
    })),
  );
  if (plan.after.outstandingMinor > 0) await setClosedOn(tx, order.id, null);
  const ids = plan.reversed.map((row) => row.id);
  await tx
    .update(bankCreditClaims)
    .set({ releasedAt: clock.now() })
    .where(and(inArray(bankCreditClaims.ledgerEntryId, ids), isNull(bankCreditClaims.releasedAt)));
  return plan.after.outstandingMinor;
};
