/**
 * The daily penalty accrual (issue 12, DESIGN §4): every overdue day of every open order gets one
 * ledger row, key `penalty:<order>:<date>`, computed by the one waterfall (`replayLedger`) on the
 * state at the start of that day. After downtime it catches up every missed day in order; a day
 * already posted is never posted again, however many instances run it. The ledger module finds
 * the candidates and posts; this job walks them in batches by id.
 */
import { Market } from '@kilat/contract';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lending/clock.js';
import { type AccrualResult, accruePenalties } from '../ledger/posting.js';
import { accrualCandidates } from '../ledger/repository.js';

export const PENALTY_ACCRUAL_JOB = 'penalty-accrual';

/** Orders read, replayed and posted together. */
const BATCH = 1_000;

/** One pass over every open order with a period due before its market's today, in batches by id. */
export const runPenaltyAccrual = async (db: Db, clock: Clock): Promise<AccrualResult> => {
  const now = clock.now();
  const today = { [Market.India]: clock.today(Market.India), [Market.Indonesia]: clock.today(Market.Indonesia) };
  const totals: AccrualResult = { orders: 0, penalties: 0, closed: 0 };
  let after = 0;
  for (;;) {
    const batch = await accrualCandidates(db, { after, now, today, limit: BATCH });
    if (batch.length === 0) return totals;
    const result = await accruePenalties(db, batch, (market) => today[market], now);
    totals.orders += result.orders;
    totals.penalties += result.penalties;
    totals.closed += result.closed;
    after = batch.at(-1)!.id;
  }
};
