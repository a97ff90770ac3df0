/**
 * Issue 12: penalties that accrue every day, on PostgreSQL as on PGlite. The clock moves across
 * the due date and 120 days past it for one Indian and one Indonesian loan; each day's row is
 * checked against spec §9 (India: Rs.1,000 / Rs.800 flat, then 5 / 4 / 2 % a day on the overdue
 * principal; Indonesia: at most 0.1 % a day, total cost at most the principal), with a repayment
 * in the middle, 10 days of downtime caught up, and two instances on one database.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.js';
import { addDays, daysBetween } from '../../lending/business-date.js';
import { SETUP_TIMEOUT_MS, useTestApp, useTestDatabase } from '../../test/app.js';
import { cardFlow, TestCards } from '../../test/card-flow.js';
import { PENALTY_ACCRUAL_JOB } from './penalty-accrual.js';

const DAY_MS = 86_400_000;

const shared = useTestDatabase();
const t = useTestApp({ database: shared });
// a second server instance on the same database
const second = useTestApp({ database: shared, seed: false });

/** Both instances' schedulers run the accrual job at the same moment, as two servers would. */
const accrueOnBothInstances = async () => {
  second.clock.set(t.clock.now());
  const runs = await Promise.all([t.app.jobs.runNow(PENALTY_ACCRUAL_JOB), second.app.jobs.runNow(PENALTY_ACCRUAL_JOB)]);
  // whichever instances ran it (the claim keeps them apart while one runs), each day below is posted once
  expect(runs.some((run) => run !== null)).toBe(true);
};

const penaltyRows = async (orderId: string) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, Number(orderId)), eq(ledgerEntries.kind, 'penalty')));

const indiaRate = (day: number) => (day <= 30 ? 500 : day <= 90 ? 400 : 200);

describe('daily penalty accrual', () => {
  it(
    'posts each overdue day once for 120 days by the rules of each market, through a repayment, downtime and two instances',
    async () => {
      const flow = cardFlow(t);
      const borrowers = {
        [Market.India]: await flow.freshBorrower(Market.India),
        [Market.Indonesia]: await flow.freshBorrower(Market.Indonesia),
      };
      const orders = {
        [Market.India]: flow.orderIn(borrowers.IN, OrderStatus.Overdue),
        [Market.Indonesia]: flow.orderIn(borrowers.ID, OrderStatus.Overdue),
      };
      const periodOf = async (orderId: string) => (await t.app.orders.repository.periodsOf(Number(orderId)))[0]!;
      const periods = { [Market.India]: await periodOf(orders.IN.orderId), [Market.Indonesia]: await periodOf(orders.ID.orderId) };
      const cards = {
        [Market.India]: await flow.boundCard(borrowers.IN, TestCards.withoutCode),
        [Market.Indonesia]: await flow.boundCard(borrowers.ID, TestCards.withoutCode),
      };
      const repaidOnDay = 40;
      const downtime = { from: 60, to: 69 };
      const overdueDayToday = (market: Market) => daysBetween(periods[market].dueDate, t.clock.today(market));

      // the seed posted the days since the due date as the job would have; the clock now runs to day 120
      while (overdueDayToday(Market.India) < 120 || overdueDayToday(Market.Indonesia) < 120) {
        t.clock.advance(DAY_MS);
        const day = overdueDayToday(Market.India);
        if (day >= downtime.from && day <= downtime.to) continue;
        await accrueOnBothInstances();
        if (day === repaidOnDay) {
          for (const market of [Market.India, Market.Indonesia]) {
            // half the principal and everything before it: penalties, fee, interest
            const borrower = borrowers[market];
            borrower.sessionId = (await t.app.auth.sessions.issue(Number(borrower.userId), borrower.deviceId)).token;
            const penalties = (await penaltyRows(orders[market].orderId)).reduce((total, row) => total + row.amountMinor, 0);
            const period = periods[market];
            const amount = penalties + period.feeMinor + period.interestMinor + period.principalMinor / 2;
            const way = await flow.openPayment(borrower, { orderId: orders[market].orderId, amount: String(amount) });
            const paid = await flow.commit(borrower, {
              orderId: orders[market].orderId,
              amount,
              cardId: cards[market],
              repayToken: way.repayToken,
            });
            expect(paid.json(), paid.body).toMatchObject({ code: '00', data: { needValid: 0 } });
          }
        }
      }
      // the same run again posts nothing: every day is there once
      await accrueOnBothInstances();

      for (const market of [Market.India, Market.Indonesia]) {
        const period = periods[market];
        const rows = await penaltyRows(orders[market].orderId);
        const byDate = new Map(rows.map((row) => [row.businessDate, row.amountMinor]));
        expect(rows).toHaveLength(byDate.size);
        const lastDay = daysBetween(period.dueDate, t.clock.today(market));
        for (let day = 1; day <= lastDay; day += 1) {
          const overduePrincipal = day <= repaidOnDay ? period.principalMinor : period.principalMinor / 2;
          const expected =
            market === Market.India
              ? (day === 1 ? 80_000 : 0) + Math.floor((overduePrincipal * indiaRate(day)) / 10_000)
              : Math.floor((overduePrincipal * 10) / 10_000);
          expect([day, byDate.get(addDays(period.dueDate, day))]).toEqual([day, expected]);
        }
        expect(byDate.size).toBe(lastDay);
        if (market === Market.Indonesia) {
          const total = rows.reduce((sum, row) => sum + row.amountMinor, 0);
          expect(total + period.interestMinor + period.feeMinor).toBeLessThanOrEqual(period.principalMinor);
        }
        // what the API shows owed is what the ledger says: principal left plus the penalties since the repayment
        const state = await t.app.orders.withStatus((await t.app.orders.repository.findById(Number(orders[market].orderId)))!);
        expect(state.replay.accrued).toEqual([]);
        const penaltiesAfter = rows.filter((row) => daysBetween(period.dueDate, row.businessDate) > repaidOnDay);
        expect(state.replay.outstandingMinor).toBe(
          period.principalMinor / 2 + penaltiesAfter.reduce((sum, row) => sum + row.amountMinor, 0),
        );
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
