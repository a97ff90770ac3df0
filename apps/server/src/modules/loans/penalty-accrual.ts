/**
 * The daily penalty accrual (issue 12, DESIGN §4): every overdue day of every open order gets one
 * ledger row, key `penalty:<order>:<date>`, computed by the one waterfall (`replayLedger`) on the
 * state at the start of that day. After downtime it catches up every missed day in order; a day
 * already posted is never posted again, however many instances run it. Set-based: per batch of
 * orders, one read of the candidates, one of their schedules and ledgers, one insert.
 */
import { Market } from '@kilat/contract';
import { and, asc, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type Order, orderPeriods, orders } from '../../db/schema.js';
import type { BusinessDate } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import type { OrdersRepository } from '../orders/repository.js';
import { replayOrder } from '../orders/service.js';
import { type PenaltyPosting, postPenalties } from './ledger.js';

export const PENALTY_ACCRUAL_JOB = 'penalty-accrual';

/** Orders read, replayed and posted together. */
const BATCH = 1_000;
/** Rows per insert statement (6 parameters a row, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 5_000;

export interface AccrualResult {
  orders: number;
  penalties: number;
  closed: number;
}

/**
 * Posts every penalty the given orders owe through their market's `asOf` date that has no row yet,
 * and records the business date an order was paid off (so later runs skip it).
 */
export const accrueOrders = async (
  db: Db,
  repository: OrdersRepository,
  list: readonly Order[],
  asOf: (market: Market) => BusinessDate,
  now: Date,
): Promise<AccrualResult> => {
  const open = list.filter((order) => order.disbursedAt !== null && order.disbursedAt.getTime() <= now.getTime());
  const ledgers = await repository.ledgersOf(
    open.map((order) => order.id),
    db,
  );
  const postings: PenaltyPosting[] = [];
  const closed = new Map<number, BusinessDate>();
  for (const order of open) {
    const replay = replayOrder(order, ledgers.get(order.id)!, asOf(order.market));
    for (const penalty of replay.accrued) postings.push({ ...penalty, orderId: order.id });
    if (replay.outstandingMinor === 0 && replay.lastRepaymentOn !== null) closed.set(order.id, replay.lastRepaymentOn);
  }
  let penalties = 0;
  for (let start = 0; start < postings.length; start += INSERT_CHUNK) {
    penalties += await postPenalties(db, postings.slice(start, start + INSERT_CHUNK));
  }
  for (const [orderId, closedOn] of closed) await repository.setClosedOn(orderId, closedOn, db);
  return { orders: open.length, penalties, closed: closed.size };
};

/** One pass over every open order with a period due before its market's today, in batches by id. */
export const runPenaltyAccrual = async (db: Db, repository: OrdersRepository, clock: Clock): Promise<AccrualResult> => {
  const now = clock.now();
  const today = { [Market.India]: clock.today(Market.India), [Market.Indonesia]: clock.today(Market.Indonesia) };
  const totals: AccrualResult = { orders: 0, penalties: 0, closed: 0 };
  let after = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(orders)
      .where(
        and(
          gt(orders.id, after),
          isNull(orders.closedOn),
          isNotNull(orders.disbursedAt),
          lte(orders.disbursedAt, now),
          inArray(
            orders.id,
            db
              .select({ id: orderPeriods.orderId })
              .from(orderPeriods)
              .where(
                sql`${orderPeriods.orderId} = ${orders.id} AND ${orderPeriods.dueDate} < CASE ${orders.market} WHEN ${Market.India} THEN ${today.IN}::date ELSE ${today.ID}::date END`,
              ),
          ),
        ),
      )
      .orderBy(asc(orders.id))
      .limit(BATCH);
    if (batch.length === 0) return totals;
    const result = await accrueOrders(db, repository, batch, (market) => today[market], now);
    totals.orders += result.orders;
    totals.penalties += result.penalties;
    totals.closed += result.closed;
    after = batch.at(-1)!.id;
  }
};
