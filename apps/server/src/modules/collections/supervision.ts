/**
 * A supervisor's side of collections (issue 46 §2): teams (in-house or an outside agency) and their
 * collectors, each market's stages and daily contact cap, and cases reassigned, retained or
 * released one by one or in bulk — every change audited.
 */
import type { Market } from '@kilat/contract';
import type { StagesView, TeamView } from '@kilat/contract/console';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { operators, orders } from '../../db/schema.js';
import { addDays } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { stageRangesProblem } from '../../lending/delinquency.js';
import { appendAudit } from '../audit/append.js';
import type { SmsOutbox } from '../sms/outbox.js';
import { type Actor, CollectionsError, noticeAgencyIfNeeded } from './shared.js';
import { caseAllocations, collectionCases, collectionSettings, collectionStages, collectionTeams, collectors } from './tables.js';

export interface SupervisionDeps {
  db: Db;
  clock: Clock;
  outbox: SmsOutbox;
}

export class Supervision {
  constructor(private readonly deps: SupervisionDeps) {}

  async teams(): Promise<TeamView[]> {
    const { db } = this.deps;
    const [teams, people] = await Promise.all([
      db.select().from(collectionTeams).orderBy(asc(collectionTeams.market), asc(collectionTeams.id)),
      db.execute(sql`
        SELECT k.*, o.name, (SELECT count(*) FROM collection_cases c WHERE c.collector_id = k.id AND c.closed_on IS NULL) AS load
        FROM collectors k JOIN operators o ON o.id = k.operator_id ORDER BY k.id`),
    ]);
    const rows = rowsOf<Record<string, unknown>>(people);
    return teams.map((team) => ({
      id: team.id,
      market: team.market,
      name: team.name,
      kind: team.kind,
      contact: team.contact,
      active: team.active,
      collectors: rows
        .filter((row) => Number(row.team_id) === team.id)
        .map((row) => ({
          id: Number(row.id),
          operatorId: Number(row.operator_id),
          name: String(row.name),
          weight: Number(row.weight),
          capacity: Number(row.capacity),
          load: Number(row.load),
          stageCodes: (row.stage_codes as string[]) ?? [],
          active: row.active === true,
        })),
    }));
  }

  async addTeam(actor: Actor, input: { market: Market; name: string; kind: 'in_house' | 'agency'; contact: string }): Promise<TeamView> {
    if (input.kind === 'agency' && input.contact.length < 5) {
      throw CollectionsError.invalid('contact (an agency’s phone and address are told to the borrower before it calls)');
    }
    const now = this.deps.clock.now();
    const team = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(collectionTeams)
        .values({ ...input, active: true })
        .returning();
      await appendAudit(
        tx,
        {
          operatorId: actor.operator.id,
          action: 'collections.team-add',
          targetType: 'collection_team',
          targetId: row!.id,
          after: input,
          requestId: actor.requestId,
        },
        now,
      );
      return row!;
    });
    return { ...team, collectors: [] };
  }

  async addCollector(actor: Actor, input: { operatorId: number; teamId: number; weight: number; capacity: number; stageCodes: string[] }) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const [team] = await tx.select().from(collectionTeams).where(eq(collectionTeams.id, input.teamId));
      const [operator] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.id, input.operatorId));
      if (!team || !operator) throw CollectionsError.notFound();
      const [row] = await tx
        .insert(collectors)
        .values({ ...input, market: team.market, active: true })
        .onConflictDoNothing()
        .returning({ id: collectors.id });
      if (!row) throw CollectionsError.conflict('This operator already collects in this market.');
      await appendAudit(
        tx,
        {
          operatorId: actor.operator.id,
          action: 'collections.collector-add',
          targetType: 'collector',
          targetId: row.id,
          after: input,
          requestId: actor.requestId,
        },
        now,
      );
      return { collectorId: row.id };
    });
  }

  /** The active outside agencies of a market, as the official site lists them (RBI: the agencies a lender uses, on its website). */
  async agencies(market: Market): Promise<{ name: string; contact: string }[]> {
    return this.deps.db
      .select({ name: collectionTeams.name, contact: collectionTeams.contact })
      .from(collectionTeams)
      .where(and(eq(collectionTeams.market, market), eq(collectionTeams.kind, 'agency'), eq(collectionTeams.active, true)))
      .orderBy(asc(collectionTeams.name));
  }

  async stages(market: Market): Promise<StagesView> {
    const [rows, [settings]] = await Promise.all([
      this.deps.db.select().from(collectionStages).where(eq(collectionStages.market, market)).orderBy(asc(collectionStages.fromDay)),
      this.deps.db.select().from(collectionSettings).where(eq(collectionSettings.market, market)),
    ]);
    return {
      market,
      dailyContactCap: settings?.dailyContactCap ?? 3,
      stages: rows.map(({ code, name, fromDay, toDay, retentionDays, rule }) => ({ code, name, fromDay, toDay, retentionDays, rule })),
    };
  }

  /** A market's stages replaced as a whole, checked first: ordered ranges from day 1 that do not overlap. */
  async saveStages(actor: Actor, input: StagesView): Promise<StagesView> {
    const problem = stageRangesProblem(input.stages);
    if (problem) throw CollectionsError.invalid(`stages (${problem})`);
    const before = await this.stages(input.market);
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await tx.delete(collectionStages).where(eq(collectionStages.market, input.market));
      await tx.insert(collectionStages).values(input.stages.map((stage) => ({ ...stage, market: input.market })));
      await tx
        .insert(collectionSettings)
        .values({ market: input.market, dailyContactCap: input.dailyContactCap })
        .onConflictDoUpdate({ target: collectionSettings.market, set: { dailyContactCap: input.dailyContactCap } });
      await appendAudit(
        tx,
        {
          operatorId: actor.operator.id,
          action: 'collections.stages-save',
          targetType: 'market',
          targetId: input.market,
          before,
          after: input,
          requestId: actor.requestId,
        },
        now,
      );
    });
    return this.stages(input.market);
  }

  /** Reassign to a collector, retain with the one holding it for some days, or release to tomorrow's allocation; one row and one audit row a case. */
  async allocate(
    actor: Actor,
    input: {
      caseIds: number[];
      action: 'reassign' | 'retain' | 'release';
      collectorId?: number | undefined;
      days?: number | undefined;
      reason: string;
    },
  ) {
    if (input.action === 'reassign' && !input.collectorId) throw CollectionsError.invalid('collectorId');
    if (input.action === 'retain' && !input.days) throw CollectionsError.invalid('days');
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const cases = await tx.select().from(collectionCases).where(inArray(collectionCases.id, input.caseIds)).for('update');
      if (cases.length !== new Set(input.caseIds).size) throw CollectionsError.notFound();
      const [target] = input.collectorId ? await tx.select().from(collectors).where(eq(collectors.id, input.collectorId)) : [];
      if (input.action === 'reassign' && !target?.active) throw CollectionsError.invalid('collectorId (an active collector)');
      for (const kase of cases) {
        if (kase.closedOn) throw CollectionsError.conflict(`Case ${kase.id} is closed.`);
        if (target && target.market !== kase.market) throw CollectionsError.invalid(`collectorId (case ${kase.id} is of another market)`);
        if (input.action === 'retain' && kase.collectorId === null)
          throw CollectionsError.conflict(`Case ${kase.id} has no collector to retain it.`);
        const today = this.deps.clock.today(kase.market);
        const change =
          input.action === 'reassign'
            ? { collectorId: target!.id, allocatedOn: today, retainedUntil: null }
            : input.action === 'retain'
              ? { retainedUntil: addDays(today, input.days!) }
              : { collectorId: null, allocatedOn: null, retainedUntil: null };
        await tx.update(collectionCases).set(change).where(eq(collectionCases.id, kase.id));
        await tx.insert(caseAllocations).values({
          caseId: kase.id,
          action: input.action,
          collectorId: input.action === 'release' ? kase.collectorId : (change.collectorId ?? kase.collectorId),
          stageCode: kase.stageCode,
          operatorId: actor.operator.id,
          reason: input.reason,
          createdAt: now,
        });
        if (input.action === 'reassign') {
          const [order] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, kase.orderId));
          await noticeAgencyIfNeeded(tx, this.deps.outbox, kase, order!, target!.id, now);
        }
        await appendAudit(
          tx,
          {
            operatorId: actor.operator.id,
            action: `collections.${input.action}`,
            targetType: 'collection_case',
            targetId: kase.id,
            before: { collectorId: kase.collectorId, retainedUntil: kase.retainedUntil },
            after: { ...change, reason: input.reason },
            requestId: actor.requestId,
          },
          now,
        );
      }
      return { changed: cases.length };
    });
  }
}
