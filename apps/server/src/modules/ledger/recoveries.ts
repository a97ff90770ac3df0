/**
 * Money received on a written-off loan (issue 47, decision 238): posted as a `recovery` row on the
 * day the bank received it — not a repayment (nothing is owed), not an overpayment (it is not the
 * borrower's to get back) — never more than was written off and not yet recovered. The loan stays
 * closed. One bank reference posts once: the key is the offline repayment's.
 */
import type { Db } from '../../db/database.js';
import type { Order } from '../../db/schema.js';
import { type BusinessDate, daysBetween } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { liveRows } from '../../lending/ledger-replay.js';
import { replayOrder } from './replay.js';
import { ledgersOf, offlineRepaymentKey, type PostingResult, postLedgerEntry } from './repository.js';

export type RecoveryRefusal =
  | { reason: 'notADate' }
  | { reason: 'afterToday'; today: BusinessDate }
  /** before the write-off: it was a repayment then, and the write-off took off too much — reverse the write-off first */
  | { reason: 'beforeWriteOff'; writtenOffOn: BusinessDate }
  /** more than was written off and not yet recovered */
  | { reason: 'tooMuch'; maxMinor: number };

export interface RecoveryPlan {
  valueDate: BusinessDate;
  amountMinor: number;
  writtenOffMinor: number;
  recoveredBeforeMinor: number;
}

export const isRecoveryRefusal = (answer: RecoveryPlan | RecoveryRefusal): answer is RecoveryRefusal => 'reason' in answer;

/**
 * The plan of money received on the order, when the order is written off (a live write-off row);
 * null when it is not, so the money is an ordinary (value-dated) repayment.
 */
export const recoveryPlanOf = async (
  tx: Db,
  clock: Clock,
  order: Order,
  input: { amountMinor: number; receivedOn: string },
): Promise<RecoveryPlan | RecoveryRefusal | null> => {
  const ledger = (await ledgersOf(tx, [order.id])).get(order.id)!;
  const writeOff = liveRows(ledger.ledger).find((row) => row.kind === 'write_off');
  if (!writeOff) return null;
  const today = clock.today(order.market);
  let fromWriteOff: number;
  let untilToday: number;
  try {
    fromWriteOff = daysBetween(writeOff.businessDate, input.receivedOn);
    untilToday = daysBetween(input.receivedOn, today);
  } catch {
    return { reason: 'notADate' };
  }
  if (untilToday < 0) return { reason: 'afterToday', today };
  if (fromWriteOff < 0) return { reason: 'beforeWriteOff', writtenOffOn: writeOff.businessDate };
  const replay = replayOrder(order, ledger, undefined);
  const maxMinor = replay.writtenOffMinor - replay.recoveredMinor;
  if (input.amountMinor > maxMinor) return { reason: 'tooMuch', maxMinor: Math.max(0, maxMinor) };
  return {
    valueDate: input.receivedOn,
    amountMinor: input.amountMinor,
    writtenOffMinor: replay.writtenOffMinor,
    recoveredBeforeMinor: replay.recoveredMinor,
  };
};

/** Posts a recovery on its value date, in the caller's transaction; the same bank reference again posts nothing. */
export const postRecovery = (
  tx: Db,
  clock: Clock,
  order: Order,
  plan: RecoveryPlan,
  input: { bankReference: string; bankAccount: string; operatorId: number; reason: string; approvedBy?: number },
): Promise<PostingResult> =>
  postLedgerEntry(tx, {
    orderId: order.id,
    kind: 'recovery',
    amountMinor: plan.amountMinor,
    idempotencyKey: offlineRepaymentKey(order.id, input.bankReference),
    businessDate: plan.valueDate,
    meta: {
      method: 'offline',
      bankReference: input.bankReference,
      bankAccount: input.bankAccount,
      receivedOn: plan.valueDate,
      operatorId: input.operatorId,
      ...(input.approvedBy === undefined ? {} : { approvedBy: input.approvedBy }),
      reason: input.reason,
      recordedAt: clock.now().toISOString(),
    },
  });
