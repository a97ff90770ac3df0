/**
 * The daily run over many overdue orders at once (issue 52, decision 258): written a batch at a
 * time, it must give each order the class and case the pure rules give it, one history row per
 * class, allocation by weight within capacity, nothing more on a second run the same day, and the
 * moves between stages when days pass.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../db/schema.js';
import { classify, DEFAULT_STAGES, stageOf } from '../../lending/delinquency.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { addOperator, type ConsoleSession, consoleCall, signIn } from '../../test/console.js';
import { makeOrder } from '../../test/factories.js';
import { seedConsoleDemo } from '../console/operators/seed.js';
import { caseAllocations, collectionCases, collectors, orderClassifications } from './tables.js';

const t = useTestApp();
const COUNT = 300;
let supervisor: ConsoleSession;
/** each order with the days past due it was made with */
const made: { order: Order; days: number }[] = [];

const run = async () => {
  supervisor = await signIn(t.app, t.clock, 'supervisor');
  const response = await consoleCall(t.app, 'POST', '/collections/run', { session: supervisor });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const casesOf = async () =>
  new Map(
    (
      await t.database.db
        .select()
        .from(collectionCases)
        .where(
          inArray(
            collectionCases.orderId,
            made.map((each) => each.order.id),
          ),
        )
    ).map((kase) => [kase.orderId, kase]),
  );
const historyOf = async () => {
  const rows = await t.database.db
    .select()
    .from(orderClassifications)
    .where(
      inArray(
        orderClassifications.orderId,
        made.map((each) => each.order.id),
      ),
    );
  const byOrder = new Map<number, string[]>();
  for (const row of [...rows].sort((a, b) => a.businessDate.localeCompare(b.businessDate))) {
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row.classification]);
  }
  return byOrder;
};

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  supervisor = await signIn(t.app, t.clock, 'supervisor');
  const team = await consoleCall(t.app, 'POST', '/collections/teams', {
    session: supervisor,
    body: { market: 'IN', name: 'Scale desk', kind: 'in_house' },
  });
  expect(team.statusCode, team.body).toBe(200);
  for (const [email, weight] of [
    ['scale-a@kilat.test', 2],
    ['scale-b@kilat.test', 1],
  ] as const) {
    const who = await addOperator(t.database.db, t.clock, { email, name: email, role: 'agent' });
    const added = await consoleCall(t.app, 'POST', '/collections/collectors', {
      session: supervisor,
      body: { operatorId: who.id, teamId: team.json().data.id, weight, capacity: 1000, stageCodes: ['S3'] },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  for (let index = 0; index < COUNT; index += 1) {
    const market = index % 2 === 0 ? Market.India : Market.Indonesia;
    const days = 1 + ((index * 7) % 150);
    let order = await makeOrder(t, { market, status: OrderStatus.Overdue, disbursedDaysAgo: days + 91 });
    if (order.termDays !== 91) {
      order = await makeOrder(t, { market, status: OrderStatus.Overdue, disbursedDaysAgo: days + order.termDays });
    }
    made.push({ order, days });
  }
}, SETUP_TIMEOUT_MS * 4);

describe('the daily run over many overdue orders', () => {
  it('opens a case per order with the class, stage and history row the rules give, and allocates India’s S3 by weight 2:1', async () => {
    await run();
    const cases = await casesOf();
    const history = await historyOf();
    expect(cases.size).toBe(COUNT);
    for (const { order, days } of made) {
      const kase = cases.get(order.id)!;
      const expected = {
        order: order.id,
        days,
        classification: classify(order.market, days),
        stage: stageOf(DEFAULT_STAGES, days)?.code ?? null,
        closed: null,
      };
      expect({
        order: order.id,
        days: kase.daysPastDue,
        classification: kase.classification,
        stage: kase.stageCode,
        closed: kase.closedOn,
      }).toEqual(expected);
      expect(history.get(order.id)).toEqual([expected.classification]);
    }
    const inS3 = [...cases.values()].filter((kase) => kase.market === Market.India && kase.stageCode === 'S3');
    expect(inS3.length).toBeGreaterThan(30);
    expect(inS3.every((kase) => kase.collectorId !== null && kase.retainedUntil !== null)).toBe(true);
    const otherwise = [...cases.values()].filter((kase) => !(kase.market === Market.India && kase.stageCode === 'S3'));
    expect(otherwise.every((kase) => kase.collectorId === null)).toBe(true);
    const ours = await t.database.db.select().from(collectors);
    const loads = ours.map((collector) => ({
      weight: collector.weight,
      load: inS3.filter((kase) => kase.collectorId === collector.id).length,
    }));
    const heavy = loads.find((each) => each.weight === 2)!.load;
    const light = loads.find((each) => each.weight === 1)!.load;
    expect(heavy + light).toBe(inS3.length);
    expect(Math.abs(heavy - 2 * light)).toBeLessThanOrEqual(2);
    const rows = await t.database.db
      .select()
      .from(caseAllocations)
      .where(
        and(
          eq(caseAllocations.action, 'allocate'),
          inArray(
            caseAllocations.caseId,
            inS3.map((kase) => kase.id),
          ),
        ),
      );
    expect(rows.map((row) => row.caseId).sort((a, b) => a - b)).toEqual(inS3.map((kase) => kase.id).sort((a, b) => a - b));
  });

  it('changes nothing on a second run the same day', async () => {
    const before = await casesOf();
    const result = await run();
    expect(result.opened).toBe(0);
    expect(result.classified).toBe(0);
    expect(result.allocated).toBe(0);
    const after = await casesOf();
    const byOrder = (cases: typeof after) => [...cases.values()].sort((a, b) => a.orderId - b.orderId);
    expect(byOrder(after)).toEqual(byOrder(before));
    const history = await historyOf();
    expect([...history.values()].every((classes) => classes.length === 1)).toBe(true);
  });

  it('ten days on, moves each case to the stage and class of its new days past due, with a history row only where the class changed', async () => {
    const before = await casesOf();
    t.clock.set(new Date(t.clock.now().getTime() + 10 * 86_400_000));
    await run();
    const cases = await casesOf();
    const history = await historyOf();
    expect(cases.size).toBe(COUNT);
    let changed = 0;
    for (const { order, days } of made) {
      const kase = cases.get(order.id)!;
      const was = classify(order.market, days);
      const now = classify(order.market, days + 10);
      expect({ order: order.id, days: kase.daysPastDue, classification: kase.classification, stage: kase.stageCode }).toEqual({
        order: order.id,
        days: days + 10,
        classification: now,
        stage: stageOf(DEFAULT_STAGES, days + 10)?.code ?? null,
      });
      expect(kase.id).toBe(before.get(order.id)!.id);
      expect(history.get(order.id)).toEqual(was === now ? [was] : [was, now]);
      if (was !== now) changed += 1;
    }
    expect(changed).toBeGreaterThan(10);
    // India's S3 cases that reached S4 within their 30 days' retention stay with their collector for now
    const retained = made.filter(({ order, days }) => order.market === Market.India && days >= 31 && days <= 90 && days + 10 >= 91);
    expect(retained.length).toBeGreaterThan(1);
    for (const { order } of retained) {
      const kase = cases.get(order.id)!;
      expect({ stage: kase.stageCode, collector: kase.collectorId }).toEqual({ stage: 'S4', collector: before.get(order.id)!.collectorId });
    }
  });

  it('after the retention, releases an allocated case that moved stage — also while retained — to its new stage’s collectors, and keeps the ones that did not move', async () => {
    const before = await casesOf();
    // 35 days after the first run: the S3 retention (30 days) is over
    t.clock.set(new Date(t.clock.now().getTime() + 25 * 86_400_000));
    supervisor = await signIn(t.app, t.clock, 'supervisor');
    const [existing] = await t.database.db.select().from(collectors);
    const s4 = await addOperator(t.database.db, t.clock, { email: 'scale-s4@kilat.test', name: 'S4 desk', role: 'agent' });
    const added = await consoleCall(t.app, 'POST', '/collections/collectors', {
      session: supervisor,
      body: { operatorId: s4.id, teamId: existing!.teamId, weight: 1, capacity: 1000, stageCodes: ['S4'] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const s4Collector = added.json().data.collectorId as number;
    await run();
    const cases = await casesOf();
    const india = made.filter(({ order, days }) => order.market === Market.India && days >= 31 && days <= 90);
    // those that moved at this run and those that moved to S4 at the ten days' run, while retained (decision 281)
    const released = india.filter(({ days }) => days + 35 >= 91);
    expect(released.filter(({ days }) => days + 10 >= 91).length).toBeGreaterThan(1);
    const stayed = india.filter(({ days }) => days + 35 <= 90);
    expect(released.length).toBeGreaterThan(3);
    expect(stayed.length).toBeGreaterThan(3);
    const releases = await t.database.db
      .select()
      .from(caseAllocations)
      .where(
        and(
          eq(caseAllocations.action, 'release'),
          inArray(
            caseAllocations.caseId,
            india.map(({ order }) => cases.get(order.id)!.id),
          ),
        ),
      );
    expect(releases.map((row) => row.caseId).sort((a, b) => a - b)).toEqual(
      released.map(({ order }) => cases.get(order.id)!.id).sort((a, b) => a - b),
    );
    for (const row of releases) expect(row.reason).toBe('moved from S3 to S4');
    // released, then given by the same run to the collector the stage configuration names for S4
    for (const { order } of released) {
      const kase = cases.get(order.id)!;
      expect({ stage: kase.stageCode, collector: kase.collectorId }).toEqual({ stage: 'S4', collector: s4Collector });
    }
    // a second run the same day releases nothing more
    await run();
    const again = await t.database.db
      .select()
      .from(caseAllocations)
      .where(
        and(
          eq(caseAllocations.action, 'release'),
          inArray(
            caseAllocations.caseId,
            india.map(({ order }) => cases.get(order.id)!.id),
          ),
        ),
      );
    expect(again).toHaveLength(releases.length);
    for (const { order } of stayed) {
      expect(cases.get(order.id)!.collectorId).toBe(before.get(order.id)!.collectorId);
    }
  });
});
