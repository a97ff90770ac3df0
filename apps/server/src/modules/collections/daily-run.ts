/**
 * The daily collections run (issue 46 §1–2), on the jobs table like every time-driven job: each
 * market's overdue orders classified from the replay (a history row whenever the class changes),
 * a case opened for each one overdue and closed with its reason when it no longer is, promises to
 * pay decided by the ledger, and the cases without a collector allocated by stage, round-robin by
 * weight within capacity (an outside agency is named to the borrower first).
 */
import { Market } from '@kilat/contract';
import type { DailyRunResult } from '@kilat/contract/console';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { orders } from '../../db/schema.js';
import { addDays, type BusinessDate } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { allocateRoundRobin } from '../../lending/collection-allocation.js';
import { classify, stageOf } from '../../lending/delinquency.js';
import type { LedgerReplay } from '../../lending/ledger-replay.js';
import { overdueDaysOn } from '../../lending/ledger-replay.js';
import { promiseKeptOn, promiseOutcome } from '../../lending/promise-to-pay.js';
import { amountOwedToday } from '../ledger/replay.js';
import type { OrdersService } from '../orders/service.js';
import type { SmsOutbox } from '../sms/outbox.js';
import type { Settlements } from './settlements.js';
import { noticeAgencyIfNeeded } from './shared.js';
import { caseAllocations, collectionCases, collectionStages, promisesToPay } from './tables.js';

export const COLLECTIONS_JOB = 'collections-daily';
/** orders read and written together: a few thousand keeps each statement well under PostgreSQL's 65,535 parameters */
const BATCH = 2000;

export interface DailyRunDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  outbox: SmsOutbox;
  /** settlements paid in time are waived before the day's classification sees their orders */
  settlements: Pick<Settlements, 'settleDue'>;
}

/** Why a case closes when its order is no longer overdue. */
const closeReasonOf = (replay: LedgerReplay): 'repaid' | 'written_off' | 'settled' | 'cured' => {
  if (replay.settlementWaivedMinor > 0) return 'settled';
  if (replay.writtenOffMinor > 0) return 'written_off';
  if (replay.outstandingMinor <= 0) return 'repaid';
  return 'cured';
};

export class DailyRun {
  constructor(private readonly deps: DailyRunDeps) {}

  async run(now: Date = this.deps.clock.now()): Promise<DailyRunResult> {
    const result: DailyRunResult = {
      classified: 0,
      opened: 0,
      closed: 0,
      allocated: 0,
      unallocated: 0,
      promisesKept: 0,
      promisesBroken: 0,
      agencyNotices: 0,
      settled: 0,
    };
    for (const market of [Market.India, Market.Indonesia]) {
      const today = this.deps.clock.today(market);
      const settled = await this.deps.settlements.settleDue(market);
      result.settled += settled.settled;
      const stages = await this.deps.db.select().from(collectionStages).where(eq(collectionStages.market, market));
      const ids = await this.candidates(market, today, now);
      for (let start = 0; start < ids.length; start += BATCH) {
        await this.classifyBatch(ids.slice(start, start + BATCH), market, today, stages, result);
      }
      await this.allocate(market, today, now, result);
    }
    return result;
  }

  /** Open, disbursed orders with a period due before today, and the orders of open cases (to close them). */
  private async candidates(market: Market, today: BusinessDate, now: Date): Promise<number[]> {
    const found = await this.deps.db.execute(sql`
      SELECT o.id FROM orders o
      WHERE o.market = ${market} AND o.closed_on IS NULL AND o.disbursed_at IS NOT NULL AND o.disbursed_at <= ${now}
        AND EXISTS (SELECT 1 FROM order_periods p WHERE p.order_id = o.id AND p.due_date < ${today}::date)
      UNION
      SELECT c.order_id FROM collection_cases c WHERE c.market = ${market} AND c.closed_on IS NULL
      ORDER BY 1`);
    return rowsOf<{ id: string | number }>(found).map((row) => Number(row.id));
  }

  private async classifyBatch(
    ids: number[],
    market: Market,
    today: BusinessDate,
    stages: (typeof collectionStages.$inferSelect)[],
    result: DailyRunResult,
  ): Promise<void> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const list = await tx.select().from(orders).where(inArray(orders.id, ids));
      const states = await this.deps.orders.states(list, tx);
      const open = new Map(
        (
          await tx
            .select()
            .from(collectionCases)
            .where(and(inArray(collectionCases.orderId, ids), isNull(collectionCases.closedOn)))
        ).map((row) => [row.orderId, row]),
      );
      const latest = new Map(
        rowsOf<{ order_id: string | number; classification: string }>(
          await tx.execute(sql`
            SELECT DISTINCT ON (order_id) order_id, classification FROM order_classifications
            WHERE order_id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) ORDER BY order_id, business_date DESC`),
        ).map((row) => [Number(row.order_id), row.classification]),
      );
      // the stage each allocated case was given to its collector in (its latest allocate or reassign row): a case that
      // moved stage while retained goes back to allocation when the retention ends (decision 281)
      const allocatedIn = await this.allocatedStages(
        tx,
        [...open.values()].filter((kase) => kase.collectorId !== null).map((kase) => kase.id),
      );
      const openPromises = await tx
        .select()
        .from(promisesToPay)
        .where(and(inArray(promisesToPay.orderId, ids), eq(promisesToPay.status, 'open')));

      // computed in memory with the pure rules, then written a few multi-row statements per batch (decision 258)
      const classRows: SQL[] = [];
      const newCases: (typeof collectionCases.$inferInsert)[] = [];
      const caseUpdates: SQL[] = [];
      const releases: (typeof caseAllocations.$inferInsert)[] = [];
      const closes: SQL[] = [];
      const decided: SQL[] = [];
      const promisesOf = new Map<number, (typeof openPromises)[number][]>();
      for (const promise of openPromises) promisesOf.set(promise.orderId, [...(promisesOf.get(promise.orderId) ?? []), promise]);
      const now = this.deps.clock.now();
      for (const state of states) {
        const { order, replay } = state;
        const owing = !replay.reversed && replay.outstandingMinor > 0 && order.closedOn === null;
        const days = owing ? overdueDaysOn(replay, today) : 0;
        const classification = classify(market, days);
        if (latest.get(order.id) !== classification && (days > 0 || latest.has(order.id))) {
          classRows.push(sql`(${order.id}::bigint, ${today}::date, ${classification}::text, ${days}::int)`);
          result.classified += 1;
        }
        const kase = open.get(order.id);
        if (days > 0) {
          const stage = stageOf(stages, days)?.code ?? null;
          const owedMinor = amountOwedToday(order, replay, today).totalMinor;
          if (!kase) {
            newCases.push({
              orderId: order.id,
              borrowerId: order.borrowerId,
              market,
              openedOn: today,
              daysPastDue: days,
              classification,
              stageCode: stage,
              owedMinor,
            });
            result.opened += 1;
          } else {
            // a case in another stage than the one it was allocated in goes back to allocation once its retention is
            // over, also when it moved while retained (decision 281)
            const workedIn = allocatedIn.has(kase.id) ? allocatedIn.get(kase.id)! : kase.stageCode;
            const moves = workedIn !== stage && kase.collectorId !== null && (kase.retainedUntil === null || kase.retainedUntil < today);
            caseUpdates.push(
              sql`(${kase.id}::bigint, ${days}::int, ${classification}::text, ${stage}::text, ${owedMinor}::bigint, ${moves}::boolean)`,
            );
            if (moves) {
              releases.push({
                caseId: kase.id,
                action: 'release',
                collectorId: kase.collectorId,
                stageCode: stage,
                operatorId: null,
                reason: `moved from ${workedIn ?? 'no stage'} to ${stage ?? 'no stage'}`,
                createdAt: now,
              });
            }
          }
        } else if (kase) {
          closes.push(
            sql`(${kase.id}::bigint, ${closeReasonOf(replay)}::text, ${classification}::text, ${replay.outstandingMinor}::bigint)`,
          );
          result.closed += 1;
        }
        for (const promise of promisesOf.get(order.id) ?? []) {
          const outcome = promiseOutcome(promise, replay.allocations, today);
          if (outcome === 'open') continue;
          // kept on the day the repayment covered it (decision 280), broken today
          const on = outcome === 'kept' ? promiseKeptOn(promise, replay.allocations)! : today;
          decided.push(sql`(${promise.id}::bigint, ${outcome}::text, ${on}::date)`);
          if (outcome === 'kept') result.promisesKept += 1;
          else result.promisesBroken += 1;
        }
      }
      if (classRows.length > 0) {
        await tx.execute(sql`
          INSERT INTO order_classifications (order_id, business_date, classification, days_past_due)
          VALUES ${sql.join(classRows, sql`, `)}
          ON CONFLICT (order_id, business_date) DO UPDATE
            SET classification = EXCLUDED.classification, days_past_due = EXCLUDED.days_past_due`);
      }
      if (newCases.length > 0) await tx.insert(collectionCases).values(newCases);
      if (caseUpdates.length > 0) {
        await tx.execute(sql`
          UPDATE collection_cases c SET
            days_past_due = v.days, classification = v.classification, stage_code = v.stage, owed_minor = v.owed,
            collector_id = CASE WHEN v.moves THEN NULL ELSE c.collector_id END,
            allocated_on = CASE WHEN v.moves THEN NULL ELSE c.allocated_on END,
            retained_until = CASE WHEN v.moves THEN NULL ELSE c.retained_until END
          FROM (VALUES ${sql.join(caseUpdates, sql`, `)}) AS v(id, days, classification, stage, owed, moves)
          WHERE c.id = v.id`);
      }
      if (releases.length > 0) await tx.insert(caseAllocations).values(releases);
      if (closes.length > 0) {
        await tx.execute(sql`
          UPDATE collection_cases c SET
            closed_on = ${today}::date, close_reason = v.reason, days_past_due = 0, classification = v.classification, owed_minor = v.owed
          FROM (VALUES ${sql.join(closes, sql`, `)}) AS v(id, reason, classification, owed)
          WHERE c.id = v.id`);
      }
      if (decided.length > 0) {
        await tx.execute(sql`
          UPDATE promises_to_pay p SET status = v.status, decided_on = v.decided_on
          FROM (VALUES ${sql.join(decided, sql`, `)}) AS v(id, status, decided_on)
          WHERE p.id = v.id AND p.status = 'open'`);
      }
    });
  }

  /** The stage of each case's latest allocate or reassign row: the stage it was given to its collector in. */
  private async allocatedStages(tx: Db, caseIds: number[]): Promise<Map<number, string | null>> {
    if (caseIds.length === 0) return new Map();
    const found = await tx.execute(sql`
      SELECT DISTINCT ON (case_id) case_id, stage_code FROM case_allocations
      WHERE action IN ('allocate', 'reassign') AND case_id IN (${sql.join(
        caseIds.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})
      ORDER BY case_id, id DESC`);
    return new Map(
      rowsOf<{ case_id: string | number; stage_code: string | null }>(found).map((row) => [Number(row.case_id), row.stage_code]),
    );
  }

  /** Each stage's cases without a collector, the most owed × days first, to its collectors by weight within capacity. */
  private async allocate(market: Market, today: BusinessDate, now: Date, result: DailyRunResult): Promise<void> {
    const { db } = this.deps;
    const stages = await db.select().from(collectionStages).where(eq(collectionStages.market, market));
    for (const stage of stages) {
      await db.transaction(async (tx) => {
        const waiting = rowsOf<{ id: string | number }>(
          await tx.execute(sql`
            SELECT id FROM collection_cases
            WHERE market = ${market} AND closed_on IS NULL AND collector_id IS NULL AND stage_code = ${stage.code}
            ORDER BY owed_minor * days_past_due DESC, id
            FOR UPDATE`),
        ).map((row) => Number(row.id));
        if (waiting.length === 0) return;
        const slots = rowsOf<{ id: string | number; weight: number; capacity: number; load: string | number; kind: string }>(
          await tx.execute(sql`
            SELECT k.id, k.weight, k.capacity, t.kind,
              (SELECT count(*) FROM collection_cases c WHERE c.collector_id = k.id AND c.closed_on IS NULL) AS load
            FROM collectors k JOIN collection_teams t ON t.id = k.team_id
            WHERE k.market = ${market} AND k.active AND t.active
              AND (cardinality(k.stage_codes) = 0 OR ${stage.code} = ANY (k.stage_codes))`),
        );
        const agencyCollectors = new Set(slots.filter((row) => row.kind === 'agency').map((row) => Number(row.id)));
        const { allocations, unallocated } = allocateRoundRobin(
          waiting,
          slots.map((row) => ({ collectorId: Number(row.id), weight: row.weight, capacity: row.capacity, load: Number(row.load) })),
        );
        result.unallocated += unallocated.length;
        const retainedUntil = addDays(today, stage.retentionDays);
        for (let start = 0; start < allocations.length; start += BATCH) {
          const chunk = allocations.slice(start, start + BATCH);
          // one UPDATE … FROM (VALUES …) and one multi-row INSERT of the audit rows per chunk (decision 258)
          const given = rowsOf<{ id: string | number; order_id: string | number; borrower_id: string | number; order_no: string }>(
            await tx.execute(sql`
              UPDATE collection_cases c SET collector_id = v.collector_id, allocated_on = ${today}::date, retained_until = ${retainedUntil}::date
              FROM (VALUES ${sql.join(
                chunk.map((allocation) => sql`(${allocation.caseId}::bigint, ${allocation.collectorId}::bigint)`),
                sql`, `,
              )}) AS v(id, collector_id), orders o
              WHERE c.id = v.id AND o.id = c.order_id
              RETURNING c.id, c.order_id, c.borrower_id, o.order_no`),
          );
          await tx.insert(caseAllocations).values(
            chunk.map((allocation) => ({
              caseId: allocation.caseId,
              action: 'allocate' as const,
              collectorId: allocation.collectorId,
              stageCode: stage.code,
              operatorId: null,
              reason: 'daily allocation',
              createdAt: now,
            })),
          );
          result.allocated += chunk.length;
          // only a case given to an outside agency's collector can need a notice to its borrower
          const byCase = new Map(given.map((row) => [Number(row.id), row]));
          for (const allocation of chunk) {
            if (!agencyCollectors.has(allocation.collectorId)) continue;
            const row = byCase.get(allocation.caseId)!;
            const kase = { id: allocation.caseId, orderId: Number(row.order_id), borrowerId: Number(row.borrower_id), market };
            if (await noticeAgencyIfNeeded(tx, this.deps.outbox, kase, { orderNo: row.order_no }, allocation.collectorId, now)) {
              result.agencyNotices += 1;
            }
          }
        }
      });
    }
  }
}
